import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { setCurrentUser } from '../../lib/session';
import { ANA, userOf } from '../../features/sessions/test-fixtures';
import { Header } from './header';

// The signed-in menus talk to the broker and the server: not this test's subject.
vi.mock('../../features/nals/components/audio-menu', () => ({ AudioMenu: () => null }));
vi.mock('../../features/sessions/invitation-notices', () => ({ InvitationsBadge: () => null }));
vi.mock('./community-menu', () => ({ CommunityMenu: () => null, CommunityNavLinks: () => null }));
vi.mock('../../features/messages/messages-menu', () => ({
  MessagesNavButton: () => null,
  MessagesIconLink: () => null,
}));

/** The wide screens' menu (the phone menu holds the same entries, hidden until the burger opens it). */
const wideMenu = () => within(screen.getAllByRole('navigation', { hidden: true })[0]!);

describe('Header (SPEC section 2 layout)', () => {
  afterEach(() => setCurrentUser(null));

  it('leads a guest from the logo to the login page, and offers Create account and Log in', () => {
    renderWithProviders(<Header />, { route: '/studio/welcome' });
    expect(screen.getByRole('link', { name: 'Tutti, go to the login page' })).toHaveAttribute('href', '/users/login');
    const links = wideMenu().getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Create account', '/users/signup'],
      ['Log in', '/users/login'],
    ]);
  });

  it('does not offer a guest the page they are on', () => {
    renderWithProviders(<Header />, { route: '/users/login' });
    const links = wideMenu().getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(['Create account']);
  });

  it('leads a signed-in musician from the logo to the hall, with Sessions in the menu, in French too', async () => {
    setCurrentUser(userOf(ANA));
    renderWithProviders(<Header />, { locale: 'fr' });
    expect(screen.getByRole('link', { name: 'Tutti, aller à l’accueil' })).toHaveAttribute('href', '/studio/hall');
    expect(wideMenu().getByRole('link', { name: 'Sessions', hidden: true })).toHaveAttribute(
      'href',
      '/studio/sessions',
    );
    expect(wideMenu().queryByRole('link', { name: /Créer un compte|Se connecter/, hidden: true })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Ana, menu utilisateur' })).toBeInTheDocument();
  });

  it('toggles the small-screen menu with its button, which says whether it is open', async () => {
    renderWithProviders(<Header />, { route: '/studio/welcome' });
    // Shown below the sm breakpoint only: happy-dom applies the hiding class, so it is found by what it controls.
    const toggle = document.querySelector<HTMLButtonElement>('header button[aria-controls]')!;
    expect(toggle).toHaveAttribute('aria-label', 'Open the menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(within(menu!).getByRole('link', { name: 'Log in', hidden: true })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
