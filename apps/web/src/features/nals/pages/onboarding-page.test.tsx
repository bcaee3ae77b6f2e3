import type { OnboardingChecklist } from '@tutti/contract/onboarding';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { testUser } from '../../../../test/current-user';
import { api } from '../../../lib/api';
import { useNalsConnected } from '../../../lib/nals/nals-connected';
import { setCurrentUser } from '../../../lib/session';
import { OnboardingPage } from './onboarding-page';

vi.mock('../../../lib/api', () => ({ api: { call: vi.fn() } }));
vi.mock('../../../lib/nals/nals-connected', () => ({ useNalsConnected: vi.fn(() => false) }));
vi.mock('../api/download-address', () => ({
  useDownloadAddress: (os: string) => ({ isPending: false, data: `https://downloads.example/tutti-${os}` }),
}));
vi.mock('../api/app-downloaded', () => ({ markAppDownloaded: vi.fn(async () => undefined) }));
vi.mock('../platform', async (original) => ({
  ...(await original<typeof import('../platform')>()),
  currentPlatformClues: () => ({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' }),
}));
const navigate = vi.fn();
vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useNavigate: () => navigate,
}));

const NOTHING_DONE: OnboardingChecklist = {
  audioClient: false,
  selfcheck: false,
  profile: false,
  complete: false,
  skippedAt: null,
};

function answer(checklist: OnboardingChecklist, variant: string | null) {
  vi.mocked(api.call).mockImplementation((async (name: string) => {
    if (name === 'onboardingChecklist') return checklist;
    if (name === 'skipOnboarding') return { ...checklist, skippedAt: '2026-11-27T04:00:00.000Z' };
    if (name === 'myExperiments') {
      return { experiments: variant ? [{ test: 'onboarding-step-order', variant }] : [] };
    }
    return undefined;
  }) as unknown as typeof api.call);
}

const stepTitles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('OnboardingPage', () => {
  beforeEach(() => setCurrentUser(testUser({ audioClientSeen: false })));
  afterEach(() => vi.clearAllMocks());

  it('puts the self-check second for the control variant, offers the download for this system, and reports the exposure once', async () => {
    answer(NOTHING_DONE, 'selfcheck-first');
    renderWithProviders(<OnboardingPage />);
    expect(await screen.findByText('0 of 3 steps done')).toBeInTheDocument();
    expect(document.title).toBe('Getting started | Tutti');
    expect(stepTitles()).toEqual([
      'Install and start the audio client',
      'Pass the echo self-check',
      'Complete your profile',
    ]);
    expect(screen.getByRole('link', { name: 'Download for Linux' })).toHaveAttribute(
      'href',
      'https://downloads.example/tutti-linux',
    );
    expect(screen.getByText('Waiting for the audio client')).toBeInTheDocument();
    // The progress bar is named by the text above it (issue 29), and the profile step opens the editor.
    expect(screen.getByRole('progressbar', { name: '0 of 3 steps done' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute('href', '/me?edit=1');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('recordExposure', { body: { test: 'onboarding-step-order' } }),
    );
    expect(vi.mocked(api.call).mock.calls.filter(([name]) => name === 'recordExposure')).toHaveLength(1);
  });

  it('puts the profile second for the other variant, in French', async () => {
    answer(NOTHING_DONE, 'profile-first');
    renderWithProviders(<OnboardingPage />, { locale: 'fr' });
    expect(await screen.findByText('Étapes faites : 0 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Étapes faites : 0 sur 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compléter mon profil' })).toHaveAttribute('href', '/me?edit=1');
    expect(stepTitles()).toEqual([
      'Installer et lancer le client audio',
      'Compléter votre profil',
      'Réussir l’autodiagnostic d’écho',
    ]);
  });

  it('keeps the first order and reports nothing when the experiment does not run', async () => {
    answer(NOTHING_DONE, null);
    renderWithProviders(<OnboardingPage />);
    await screen.findByText('0 of 3 steps done');
    expect(stepTitles()[1]).toBe('Pass the echo self-check');
    expect(api.call).not.toHaveBeenCalledWith('recordExposure', expect.anything());
  });

  it('shows the audio client detected live, before the server has seen it', async () => {
    vi.mocked(useNalsConnected).mockReturnValue(true);
    answer(NOTHING_DONE, 'selfcheck-first');
    renderWithProviders(<OnboardingPage />);
    expect(await screen.findByText('Audio client detected.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download for Linux' })).not.toBeInTheDocument();
  });

  it('ticks the steps the server saw done and leads to the hall once complete', async () => {
    answer({ audioClient: true, selfcheck: true, profile: true, complete: true, skippedAt: null }, 'selfcheck-first');
    renderWithProviders(<OnboardingPage />);
    expect(await screen.findByText('All set: you are ready to rehearse.')).toBeInTheDocument();
    expect(screen.getAllByText('Done')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Go to the hall' })).toHaveAttribute('href', '/studio/hall');
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
  });

  it('skips on the server, then goes to the hall', async () => {
    answer(NOTHING_DONE, 'selfcheck-first');
    renderWithProviders(<OnboardingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/studio/hall'));
    expect(api.call).toHaveBeenCalledWith('skipOnboarding');
  });
});
