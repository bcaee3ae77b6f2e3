import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { setCurrentUser } from '../../lib/session';
import { ANA, userOf } from '../../features/sessions/test-fixtures';
import { Header } from './header';

// The audio client's menu and the invitations badge talk to the broker and the server: not this test's subject.
vi.mock('../../features/nals/components/audio-menu', () => ({ AudioMenu: () => null }));
vi.mock('../../features/sessions/invitation-notices', () => ({ InvitationsBadge: () => null }));

describe('Header, Community menu', () => {
  afterEach(() => setCurrentUser(null));

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
    const phoneLinks = screen.getAllByRole('link', { name: 'Search musicians', hidden: true });
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
  });
});
