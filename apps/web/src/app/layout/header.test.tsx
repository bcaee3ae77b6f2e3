import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { setCurrentUser } from '../../lib/session';
import { ANA, userOf } from '../../features/sessions/test-fixtures';
import { Header } from './header';

// The audio client's menu and the invitations badge talk to the broker and the server: not this test's subject.
vi.mock('../../features/nals/components/audio-menu', () => ({ AudioMenu: () => null }));
vi.mock('../../features/sessions/invitation-notices', () => ({ InvitationsBadge: () => null }));

const UNREAD = '/api/v1/me/private-messages/conversations';

describe('Header, Community menu', () => {
  beforeEach(() => {
    // The Messages entry's badge asks for the unread count.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.startsWith(UNREAD)
            ? new Response(JSON.stringify({ items: [], page: 1, size: 1, total: 0, unreadConversations: 3 }), {
                status: 200,
                headers: { 'content-type': 'application/json' },
              })
            : new Response(null, { status: 404 }),
        ),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('offers Messages with the count of unread conversations (a link of its own beside the phone menu)', async () => {
    setCurrentUser(userOf(ANA));
    renderWithProviders(<Header />);
    const nav = screen.getAllByRole('navigation', { name: 'Main menu', hidden: true })[0]!;
    expect(
      await within(nav).findByRole('link', { name: 'Messages 3 unread conversations', hidden: true }),
    ).toHaveAttribute('href', '/messages');
    expect(screen.getByRole('link', { name: 'Messages, 3 unread conversations', hidden: true })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('offers Search musicians and My profile to a musician of the social age', async () => {
    setCurrentUser(userOf(ANA));
    renderWithProviders(<Header />);
    // Wide screens: a dropdown; phones: the same entries in the toggled menu.
    await userEvent.click(await screen.findByRole('button', { name: 'Community' }));
    expect(await screen.findByRole('menuitem', { name: 'Search musicians', hidden: true })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(screen.getByRole('menuitem', { name: 'My profile', hidden: true })).toHaveAttribute('href', '/me');
    // The phone menu's links are a second lazy component of the same module: they may render a moment later.
    const phoneLinks = await screen.findAllByRole('link', { name: 'Search musicians', hidden: true });
    expect(phoneLinks.length).toBeGreaterThan(0);
  });

  it('in French too', async () => {
    setCurrentUser(userOf(ANA));
    renderWithProviders(<Header />, { locale: 'fr' });
    expect(await screen.findByRole('button', { name: 'Communauté' })).toBeInTheDocument();
  });

  it('has no Community menu for a musician under 13', async () => {
    setCurrentUser({ ...userOf(ANA), eligibleToSocial: false });
    renderWithProviders(<Header />);
    const nav = screen.getAllByRole('navigation', { name: 'Main menu', hidden: true })[0]!;
    expect(within(nav).getByRole('link', { name: 'Sessions', hidden: true })).toBeInTheDocument();
    // The lazy menus have loaded: the Community one would be there by now.
    expect(await screen.findByRole('button', { name: 'Ana, user menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Community', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Search musicians', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Messages/, hidden: true })).not.toBeInTheDocument();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
