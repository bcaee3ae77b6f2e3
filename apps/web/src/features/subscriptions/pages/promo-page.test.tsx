import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { json, ME, subscriptionOf } from '../test-fixtures';
import { PromoPage } from './promo-page';

describe('PromoPage', () => {
  beforeEach(() => {
    setCurrentUser(ME);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/v1/subscriptions/tokens/claim'
            ? json(200, subscriptionOf())
            : json(404, { error: { code: 'NOT_FOUND', message: 'no' } }),
        ),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('the form alone; an empty code gets the spec’s message in French', async () => {
    renderWithProviders(<PromoPage />, { locale: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Utiliser un code promo' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Code promo | Tutti'));
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Veuillez saisir votre code de réduction.')).toBeInTheDocument();
  });

  it('a code applied leads to my subscription', async () => {
    renderWithProviders(<PromoPage />);
    await userEvent.type(screen.getByRole('textbox', { name: /Promo code/ }), 'SPRING-24');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code applied: Band plan until 15 March 2031')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my subscription' })).toHaveAttribute('href', '/me/subscription');
  });
});
