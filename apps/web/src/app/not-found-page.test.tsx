import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { testUser } from '../../test/current-user';
import { setCurrentUser } from '../lib/session';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  afterEach(() => {
    cleanup();
    setCurrentUser(null);
  });

  it('leads a musician back to the hall', () => {
    setCurrentUser(testUser());
    renderWithProviders(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the hall' })).toHaveAttribute('href', '/studio/hall');
    expect(screen.queryByRole('link', { name: 'Go to the login page' })).not.toBeInTheDocument();
  });

  it('offers a guest the login page and the sign-up, not the hall that would bounce them to it (issue 29)', () => {
    renderWithProviders(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/users/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/users/signup');
    expect(screen.queryByRole('link', { name: 'Back to the hall' })).not.toBeInTheDocument();
  });

  it('does so in French', () => {
    renderWithProviders(<NotFoundPage />, { route: '/nowhere', locale: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la page de connexion' })).toHaveAttribute('href', '/users/login');
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/users/signup');
  });
});
