import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicianCard } from '@tutti/contract/community';
import { renderWithProviders } from '../../../../test/render';
import { ToastHost } from '../../../components/ui/toast-host';
import { setCurrentUser } from '../../../lib/session';
import { ANA, BEN, json, userOf } from '../../sessions/test-fixtures';
import { setBlockedBy } from '../blocked-by';
import { MusiciansAround } from './musicians-around';

const PARIS = { id: 2988507, name: 'Paris', region: 'Île-de-France', country: 'FR' };
const LYON = { id: 2996944, name: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' };
const CHLOE_ID = '66666666-6666-4666-8666-666666666666';

const card = (over: Partial<MusicianCard>): MusicianCard => ({
  id: BEN.id,
  username: 'ben',
  displayedUsername: 'Ben',
  profilePicture: null,
  verified: false,
  city: LYON,
  instruments: [{ instrument: 'drums', skill: 'expert', brand: null, model: null }],
  followed: false,
  delayMs: 3.6,
  ...over,
});

describe('MusiciansAround', () => {
  let myCity: typeof PARIS | null;
  let around: MusicianCard[];
  let follows: MusicianCard[];
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    myCity = PARIS;
    around = [
      card({}),
      card({ id: CHLOE_ID, username: 'chloe', displayedUsername: 'Chloé', delayMs: 9.2, instruments: [] }),
    ];
    follows = [];
    setCurrentUser(userOf(ANA));
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      if (url === `/api/v2/profiles/${ANA.id}`) return Promise.resolve(json(200, { id: ANA.id, city: myCity }));
      if (url.startsWith('/api/v1/me/follows/suggestions?')) return Promise.resolve(json(200, around));
      if (url.startsWith('/api/v1/me/follows/suggestions/city?'))
        return Promise.resolve(
          json(200, [card({ id: CHLOE_ID, username: 'chloe', displayedUsername: 'Chloé', city: PARIS })]),
        );
      if (url.startsWith('/api/v1/me/follows/suggestions/country?')) return Promise.resolve(json(200, []));
      if (url === '/api/v1/instruments')
        return Promise.resolve(json(200, [{ id: 'drums', name: { en: 'Drums', fr: 'Batterie' } }]));
      if (url === '/api/v1/config/countries')
        return Promise.resolve(json(200, [{ code: 'FR', name: { en: 'France', fr: 'France' } }]));
      if (url.startsWith('/api/v1/me/follows?'))
        return Promise.resolve(json(200, { items: follows, page: 1, size: 50, total: follows.length }));
      if (url.startsWith('/api/v1/me/followers/') && init?.method === 'POST') {
        follows = [...follows, ...around.filter((m) => url.endsWith(m.id)).map((m) => ({ ...m, followed: true }))];
        around = around.filter((m) => !url.endsWith(m.id));
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setCurrentUser(null);
    setBlockedBy([]);
  });

  const section = () => screen.findByRole('region', { name: 'Musicians around you' });

  it('lists the musicians close enough, nearest first, with the delay to each and what they play', async () => {
    renderWithProviders(<MusiciansAround />);
    const list = await within(await section()).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/users/profiles/ben');
    expect(within(items[0]!).getByText('≈ 4 ms')).toBeInTheDocument();
    expect(await within(items[0]!).findByText('Lyon, Auvergne-Rhône-Alpes, France')).toBeInTheDocument();
    expect(await within(items[0]!).findByText('Drums')).toBeInTheDocument();
    expect(within(items[1]!).getByText('≈ 9 ms')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith('/api/v1/me/follows/suggestions?limit=6', expect.anything());
  });

  it('names instruments in the reader’s language', async () => {
    renderWithProviders(<MusiciansAround />, { locale: 'fr' });
    const region = await screen.findByRole('region', { name: 'Musiciens autour de vous' });
    expect(await within(region).findByText('Batterie')).toBeInTheDocument();
  });

  it('drops a musician from the list once followed, and says so', async () => {
    renderWithProviders(
      <>
        <MusiciansAround />
        <ToastHost />
      </>,
    );
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Follow Ben' }));
    await waitFor(() => expect(within(region).queryByRole('link', { name: 'Ben' })).not.toBeInTheDocument());
    expect(within(region).getByRole('link', { name: 'Chloé' })).toBeInTheDocument();
    expect(await screen.findByText('You follow Ben.')).toBeInTheDocument();
  });

  it('asks a musician without a city to set it on their profile', async () => {
    myCity = null;
    renderWithProviders(<MusiciansAround />);
    const region = await section();
    expect(await within(region).findByText(/Set your city on your profile/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Set my city' })).toHaveAttribute('href', '/me?edit=1');
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
    expect(within(region).queryByText('My city')).not.toBeInTheDocument(); // no choice of scope without a city
  });

  it('says when nobody is close enough, and offers the search', async () => {
    around = [];
    renderWithProviders(<MusiciansAround />);
    const region = await section();
    expect(await within(region).findByText(/Nobody is close enough/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Search musicians' })).toHaveAttribute('href', '/search');
  });

  it('after following the only musician nearby, says that everyone near is followed (in French too)', async () => {
    around = [card({})];
    follows = [card({ id: CHLOE_ID, username: 'chloe', displayedUsername: 'Chloé', delayMs: 80, followed: true })];
    renderWithProviders(<MusiciansAround />);
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Follow Ben' }));
    expect(
      await within(region).findByText(/You already follow every musician close enough to rehearse with you/),
    ).toBeInTheDocument();
    expect(within(region).queryByText(/Nobody is close enough/)).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Search musicians' })).toHaveAttribute('href', '/search');
    cleanup();

    renderWithProviders(<MusiciansAround />, { locale: 'fr' });
    const fr = await screen.findByRole('region', { name: 'Musiciens autour de vous' });
    expect(await within(fr).findByText(/Vous suivez déjà tous les musiciens assez proches/)).toBeInTheDocument();
  });

  it('says nobody is near when the musicians followed are all far away', async () => {
    around = [];
    follows = [card({ id: CHLOE_ID, username: 'chloe', displayedUsername: 'Chloé', delayMs: 80, followed: true })];
    renderWithProviders(<MusiciansAround />);
    const region = await section();
    expect(await within(region).findByText(/Nobody is close enough/)).toBeInTheDocument();
  });

  it('keeps a failure inside the section, with a retry', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(json(500, { error: { code: 'INTERNAL', message: 'x' } })));
    renderWithProviders(<MusiciansAround />);
    const region = await section();
    expect(await within(region).findByText('The musicians around you cannot be shown right now.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not there for a musician under 13, and asks the server nothing', async () => {
    setCurrentUser({ ...userOf(ANA), eligibleToSocial: false });
    renderWithProviders(<MusiciansAround />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('hides at once a musician who blocks me', async () => {
    renderWithProviders(<MusiciansAround />);
    const region = await section();
    expect(await within(region).findByRole('link', { name: 'Ben' })).toBeInTheDocument();
    act(() => setBlockedBy([BEN.id]));
    expect(within(region).queryByRole('link', { name: 'Ben' })).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Chloé' })).toBeInTheDocument();
  });

  it('shows the musicians of my city, or says there are none in my country, when asked (in French too)', async () => {
    renderWithProviders(<MusiciansAround />, { locale: 'fr' });
    const region = await screen.findByRole('region', { name: 'Musiciens autour de vous' });
    await within(region).findAllByRole('listitem');
    await userEvent.click(within(region).getByText('Ma ville'));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(within(region).getByRole('link', { name: 'Chloé' })).toBeInTheDocument();
    expect(within(region).getByText('Les musiciens de votre ville que vous ne suivez pas encore.')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).startsWith('/api/v1/me/follows/suggestions/city?'))).toBe(
      true,
    );
    await userEvent.click(within(region).getByText('Mon pays'));
    expect(await within(region).findByText(/Aucun autre musicien de votre pays/)).toBeInTheDocument();
  });
});
