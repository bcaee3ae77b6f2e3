import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicianCard } from '@tutti/contract/community';
import { renderWithProviders } from '../../../../test/render';
import { ToastHost } from '../../../components/ui/toast-host';
import { setCurrentUser } from '../../../lib/session';
import { ANA, BEN, json, userOf } from '../../sessions/test-fixtures';
import { PreferencesPage } from '../../me/pages/preferences-page';
import { BlockedTab } from './blocked-tab';

const blockedCard = (id: string, username: string, displayedUsername: string): MusicianCard => ({
  id,
  username,
  displayedUsername,
  profilePicture: null,
  verified: false,
  city: null,
  instruments: [],
  followed: false,
  delayMs: null,
});

describe('the blocked musicians tab', () => {
  let blocked: MusicianCard[];
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    blocked = [blockedCard(BEN.id, 'ben', 'Ben B.'), blockedCard('77777777-7777-4777-8777-777777777777', 'cy', 'cy')];
    setCurrentUser(userOf(ANA));
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/me/blocked?'))
        return Promise.resolve(json(200, { items: blocked, page: 1, size: 20, total: blocked.length }));
      if (url.startsWith('/api/v1/me/blocked/') && init?.method === 'DELETE') {
        blocked = blocked.filter((m) => !url.endsWith(m.id));
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
  });

  it('lists whom I blocked, with the total', async () => {
    renderWithProviders(<BlockedTab />);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Ben B.')).toBeInTheDocument();
    expect(within(list).getByText('@ben')).toBeInTheDocument();
    expect(screen.getByText('2 blocked musicians')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith('/api/v1/me/blocked?p=1&size=20', expect.anything());
  });

  it('unblocks a musician, says follows stay removed, and drops them from the list', async () => {
    renderWithProviders(
      <>
        <BlockedTab />
        <ToastHost />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock Ben B.' }));
    expect(await screen.findByText(/Ben B\. is unblocked.*Follows removed by the block stay removed\./)).toBeVisible();
    const call = fetchSpy.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE');
    expect(call?.[0]).toBe(`/api/v1/me/blocked/${BEN.id}`);
    await waitFor(() => expect(screen.queryByText('Ben B.')).not.toBeInTheDocument());
    expect(screen.getByText('1 blocked musician')).toBeInTheDocument();
  });

  it('says when nobody is blocked, in French too', async () => {
    blocked = [];
    renderWithProviders(<BlockedTab />, { locale: 'fr' });
    expect(await screen.findByText('Vous n’avez bloqué personne.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is a tab of the preferences for musicians of the social age only', async () => {
    renderWithProviders(<PreferencesPage blockedTab={<BlockedTab />} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Blocked musicians' }));
    expect(await screen.findByRole('heading', { name: 'Blocked musicians' })).toBeInTheDocument();
    cleanup();
    setCurrentUser({ ...userOf(ANA), eligibleToSocial: false });
    renderWithProviders(<PreferencesPage blockedTab={<BlockedTab />} />);
    expect(screen.getByRole('tab', { name: 'Preferences' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Blocked musicians' })).not.toBeInTheDocument();
  });
});
