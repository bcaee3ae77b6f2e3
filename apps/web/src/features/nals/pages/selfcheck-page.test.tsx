import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionType, Profile } from '@tutti/contract/community';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { initialSelfcheck, selfcheckReducer, type SelfcheckEvent, type SelfcheckState } from '../selfcheck';
import { useSelfcheck } from '../use-selfcheck';
import { formatMs } from '../../../lib/format';
import { SelfcheckPage } from './selfcheck-page';

vi.mock('../use-selfcheck', () => ({ useSelfcheck: vi.fn() }));

const reduce = (events: SelfcheckEvent[]) => events.reduce(selfcheckReducer, initialSelfcheck);
const show = (state: SelfcheckState, start = vi.fn()) => {
  vi.mocked(useSelfcheck).mockReturnValue({ state, start });
  return start;
};

describe('SelfcheckPage', () => {
  it('starts the self-check', async () => {
    const start = show(initialSelfcheck);
    renderWithProviders(<SelfcheckPage />);
    expect(document.title).toBe('Self-check | Tutti');
    await userEvent.click(screen.getByRole('button', { name: 'Start the self-check' }));
    expect(start).toHaveBeenCalledOnce();
  });

  it('lists each step and shows the round trip with a chart of the samples', () => {
    show(
      reduce([
        { type: 'start' },
        { type: 'nals', found: true, version: '0.11.0', canPing: true },
        { type: 'roomStarted' },
        { type: 'cnx' },
        ...[12, 14, 13].map((rttMs): SelfcheckEvent => ({ type: 'sample', rttMs })),
        { type: 'measured' },
        { type: 'roomClosed' },
        { type: 'nalsDisconnected' },
        { type: 'end' },
      ]),
    );
    renderWithProviders(<SelfcheckPage />);
    for (const text of [
      'Starting the self-check',
      'Waiting for the audio client',
      'Audio client detected (0.11.0)',
      'Starting the echo room',
      'Echo room started',
      'Connecting to the echo room',
      'Connected to the echo room',
      'Measurement finished',
      'Echo room stopped',
      'Audio client disconnected from the echo room',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Round trip: 13 ms' })).toBeInTheDocument();
    expect(screen.getByText('3 samples, from 12 to 14 ms')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'Time each packet took to come back, in milliseconds' });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Run it again' })).toBeInTheDocument();
    // 13 ms: tight playing works, nothing to improve.
    expect(screen.getByTestId('selfcheck-verdict')).toHaveTextContent('Excellent');
    expect(screen.queryByRole('list', { name: 'To lower the delay' })).not.toBeInTheDocument();
  });

  const measured = (samples: number[]) =>
    reduce([
      { type: 'start' },
      { type: 'nals', found: true, version: '0.11.0', canPing: true },
      { type: 'roomStarted' },
      { type: 'cnx' },
      ...samples.map((rttMs): SelfcheckEvent => ({ type: 'sample', rttMs })),
      { type: 'measured' },
      { type: 'roomClosed' },
      { type: 'nalsDisconnected' },
      { type: 'end' },
    ]);

  it('reads a slow round trip as too high for tight playing, with every tip, in French', () => {
    show(measured([78, 80, 83]));
    renderWithProviders(<SelfcheckPage />, { locale: 'fr' });
    expect(screen.getByRole('heading', { name: 'Aller-retour : 80 ms' })).toBeInTheDocument();
    expect(screen.getByTestId('selfcheck-verdict')).toHaveTextContent('Trop élevé pour jouer en place');
    const tips = screen.getByRole('list', { name: 'Pour réduire le retard' });
    expect(
      within(tips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Branchez-vous en filaire/),
      expect.stringMatching(/^Jouez avec un casque filaire/),
      expect.stringMatching(/^Choisissez une taille de tampon plus petite/),
      expect.stringMatching(/^Répétez sur un serveur plus proche/),
    ]);
  });

  it('reads a middling round trip as good, without the region tip', () => {
    show(measured([30, 34, 32]));
    renderWithProviders(<SelfcheckPage />);
    expect(screen.getByTestId('selfcheck-verdict')).toHaveTextContent('Good');
    expect(within(screen.getByRole('list', { name: 'To lower the delay' })).getAllByRole('listitem')).toHaveLength(3);
  });

  describe('with the connection type of my profile', () => {
    const user = testUser();
    /** Serves my own profile with this connection type; answers what was asked. */
    const serveProfile = (connectionType: ConnectionType | null) => {
      const profile: Profile = {
        id: user.id,
        username: user.username,
        displayedUsername: user.displayedUsername,
        profilePicture: null,
        coverPicture: null,
        verified: false,
        publicProfile: true,
        restricted: false,
        self: true,
        country: null,
        city: null,
        biography: null,
        socialLinks: [],
        instruments: [],
        musicStyles: [],
        connectionType,
        followers: 0,
        follows: 0,
        followed: false,
        delayMs: null,
        createdAt: user.createdAt,
      };
      const fetchSpy = vi.fn((url: string) =>
        Promise.resolve(
          url === `/api/v2/profiles/${user.id}`
            ? new Response(JSON.stringify(profile), { status: 200, headers: { 'content-type': 'application/json' } })
            : new Response(null, { status: 404 }),
        ),
      );
      vi.stubGlobal('fetch', fetchSpy);
      return fetchSpy;
    };
    const tipTexts = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    afterEach(() => {
      vi.unstubAllGlobals();
      setCurrentUser(null);
    });

    it('on satellite, says the link itself is the cause first, without the cable and region tips', async () => {
      setCurrentUser(user);
      serveProfile('satellite');
      show(measured([78, 80, 83]));
      renderWithProviders(<SelfcheckPage />);
      expect(await screen.findByText(/^Your profile says you connect by satellite/)).toBeInTheDocument();
      expect(tipTexts('To lower the delay')).toEqual([
        expect.stringMatching(/hundreds of milliseconds .* playing tightly together over it is unlikely/),
        expect.stringMatching(/^Play with wired headphones/),
        expect.stringMatching(/^Choose a smaller buffer size/),
      ]);
    });

    it('on fiber, words the cable tip for a fiber line (in French)', async () => {
      setCurrentUser(user);
      serveProfile('fiber');
      show(measured([30, 34, 32]));
      renderWithProviders(<SelfcheckPage />, { locale: 'fr' });
      expect(await screen.findByText(/^La fibre ajoute peu de retard en elle-même/)).toBeInTheDocument();
      expect(tipTexts('Pour réduire le retard')[0]).toMatch(/câble Ethernet plutôt qu’en Wi-Fi/);
    });

    it('not told: asks to tell it in my profile, with a link to its edit mode (in French)', async () => {
      setCurrentUser(user);
      serveProfile(null);
      show(measured([30, 34, 32]));
      renderWithProviders(<SelfcheckPage />, { locale: 'fr' });
      const link = await screen.findByRole('link', { name: 'Le renseigner dans mon profil' });
      expect(link).toHaveAttribute('href', '/me?edit=1');
      expect(tipTexts('Pour réduire le retard').at(-1)).toMatch(
        /^Indiquez votre type de connexion dans votre profil : ces conseils s’y adapteront\./,
      );
    });

    it('under 13: no profile is asked for, and the usual tips show', async () => {
      setCurrentUser(testUser({ eligibleToSocial: false }));
      const fetchSpy = serveProfile('satellite');
      show(measured([30, 34, 32]));
      renderWithProviders(<SelfcheckPage />);
      await new Promise((r) => setTimeout(r, 50));
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(tipTexts('To lower the delay')).toEqual([
        expect.stringMatching(/^Use a wired \(Ethernet\) connection/),
        expect.stringMatching(/^Play with wired headphones/),
        expect.stringMatching(/^Choose a smaller buffer size/),
      ]);
    });
  });

  it('says when the client is not detected, and where to get it', () => {
    show(reduce([{ type: 'start' }, { type: 'nals', found: false }]));
    renderWithProviders(<SelfcheckPage />);
    expect(screen.getByText('Unable to detect the audio client')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the audio client' })).toHaveAttribute('href', '/download');
  });

  it('says when the echo room cannot start', () => {
    show(reduce([{ type: 'start' }, { type: 'nals', found: true }, { type: 'roomFailed' }]));
    renderWithProviders(<SelfcheckPage />, { locale: 'fr' });
    expect(screen.getByText('Impossible de démarrer la salle d’écho')).toBeInTheDocument();
  });

  it('keeps one decimal below 10 ms', () => {
    expect(formatMs(0.42, 'en')).toBe('0.4');
    expect(formatMs(0.42, 'fr')).toBe('0,4');
    expect(formatMs(23.6, 'en')).toBe('24');
  });
});
