import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { ToastHost } from '../../../components/ui/toast-host';
import { setCurrentUser } from '../../../lib/session';
import { ANA, BEN, apiError, userOf } from '../../sessions/test-fixtures';
import { DelayBadge } from './delay-badge';
import { FollowButton } from './follow-button';

describe('FollowButton', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let answer: () => Response;
  beforeEach(() => {
    answer = () => new Response(null, { status: 204 });
    fetchSpy = vi.fn(() => Promise.resolve(answer()));
    vi.stubGlobal('fetch', fetchSpy);
    setCurrentUser(userOf(ANA));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('follows a musician it does not follow yet', async () => {
    renderWithProviders(
      <>
        <FollowButton musician={{ ...BEN, followed: false }} />
        <ToastHost />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Follow Ben' }));
    expect(await screen.findByText('You follow Ben.')).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/me/followers/${BEN.id}`);
    expect(init.method).toBe('POST');
  });

  it('stops following a followed musician', async () => {
    renderWithProviders(<FollowButton musician={{ ...BEN, followed: true }} />);
    const button = screen.getByRole('button', { name: 'Stop following Ben' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect((fetchSpy.mock.calls[0] as [string, RequestInit])[1].method).toBe('DELETE');
  });

  it('puts the old state back and says why when the server refuses', async () => {
    answer = () => apiError(409, 'ALREADY_FOLLOWING');
    renderWithProviders(
      <>
        <FollowButton musician={{ ...BEN, followed: false }} />
        <ToastHost />
      </>,
      { locale: 'fr' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Suivre Ben' }));
    expect(await screen.findByRole('button', { name: 'Suivre Ben' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Vous suivez déjà ce musicien.')).toBeInTheDocument();
  });
});

describe('DelayBadge', () => {
  it('rounds the estimate to whole milliseconds, never below one', () => {
    renderWithProviders(
      <>
        <DelayBadge delayMs={7.6} />
        <DelayBadge delayMs={0.2} />
      </>,
    );
    expect(screen.getByText('≈ 8 ms')).toBeVisible();
    expect(screen.getByText('Estimated one-way network delay: about 8 milliseconds')).toBeInTheDocument();
    expect(screen.getByText('≈ 1 ms')).toBeInTheDocument();
  });

  it('shows nothing when a city is missing', () => {
    renderWithProviders(<DelayBadge delayMs={null} />);
    expect(screen.queryByText(/ms/)).not.toBeInTheDocument();
  });
});
