import type { OnboardingChecklist } from '@tutti/contract/onboarding';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { testUser } from '../../../../test/current-user';
import { api } from '../../../lib/api';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore } from '../../../lib/nals/nals-store';
import { setCurrentUser } from '../../../lib/session';
import { HallSetup } from './hall-setup';

vi.mock('../../../lib/api', () => ({ api: { call: vi.fn() } }));

const NOTHING_DONE: OnboardingChecklist = {
  audioClient: false,
  selfcheck: false,
  profile: false,
  complete: false,
  skippedAt: null,
};

describe('HallSetup', () => {
  afterEach(() => {
    setCurrentUser(null);
    nalsStore.setState(initialNalsState, true);
    vi.clearAllMocks();
    sessionStorage.clear();
  });

  it('shows the audio client step alone while no client ever connected, then what is left of the checklist', async () => {
    vi.mocked(api.call).mockImplementation((async () => NOTHING_DONE) as unknown as typeof api.call);
    setCurrentUser(testUser({ audioClientSeen: false }));
    renderWithProviders(<HallSetup />);
    expect(screen.getByRole('heading', { name: 'Set up your audio client' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Or follow the guided setup' })).toHaveAttribute(
      'href',
      '/studio/onboarding',
    );
    // One box: the checklist, which would list the audio client again, is not asked for.
    expect(screen.queryByRole('heading', { name: /steps? left/ })).not.toBeInTheDocument();
    expect(api.call).not.toHaveBeenCalled();

    vi.mocked(api.call).mockImplementation((async () => ({
      ...NOTHING_DONE,
      audioClient: true,
    })) as unknown as typeof api.call);
    act(() => nalsStore.setState({ isConnected: true }));
    expect(await screen.findByRole('heading', { name: '2 steps left to get started' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set up your audio client' })).not.toBeInTheDocument();
  });
});
