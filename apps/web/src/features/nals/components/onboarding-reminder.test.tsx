import type { OnboardingChecklist } from '@tutti/contract/onboarding';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { api } from '../../../lib/api';
import { OnboardingReminder } from './onboarding-reminder';

vi.mock('../../../lib/api', () => ({ api: { call: vi.fn() } }));

const answer = (checklist: OnboardingChecklist) =>
  vi.mocked(api.call).mockImplementation((async () => checklist) as unknown as typeof api.call);

describe('OnboardingReminder', () => {
  afterEach(() => {
    vi.clearAllMocks();
    sessionStorage.clear();
  });

  it('lists what is left, skipped or not, with the way back to the onboarding', async () => {
    answer({ audioClient: true, selfcheck: false, profile: false, complete: false, skippedAt: '2026-11-27T04:00:00Z' });
    renderWithProviders(<OnboardingReminder />);
    expect(await screen.findByRole('heading', { name: '2 steps left to get started' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Pass the echo self-check',
      'Complete your profile',
    ]);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/studio/onboarding');
  });

  it('says it in French', async () => {
    answer({ audioClient: true, selfcheck: true, profile: false, complete: false, skippedAt: null });
    renderWithProviders(<OnboardingReminder />, { locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Plus qu’une étape pour bien démarrer' })).toBeInTheDocument();
  });

  it('disappears once complete, and asks nothing more in this browser session', async () => {
    answer({ audioClient: true, selfcheck: true, profile: true, complete: true, skippedAt: null });
    const first = renderWithProviders(<OnboardingReminder />);
    await waitFor(() => expect(api.call).toHaveBeenCalledOnce());
    await waitFor(() => expect(first.container.querySelector('section, .mantine-Skeleton-root')).toBeNull());
    first.unmount();
    renderWithProviders(<OnboardingReminder />);
    expect(api.call).toHaveBeenCalledOnce();
  });
});
