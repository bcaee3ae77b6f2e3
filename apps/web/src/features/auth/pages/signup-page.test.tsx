import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { SignupPage } from './signup-page';

describe('SignupPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec messages word for word and sends nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<SignupPage />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Username'), 'not valid!');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Please use a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Your password need to have a least 7 characters.')).toBeInTheDocument();
    expect(screen.getByText('Usernames can only contain alphanumeric characters.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your birthdate.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('speaks French with the French messages', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<SignupPage />, { locale: 'fr' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Veuillez utiliser une adresse e-mail valide.')).toBeInTheDocument();
    expect(screen.getByText('Votre mot de passe doit contenir au moins 7 caractères.')).toBeInTheDocument();
    expect(
      screen.getByText('Les noms d’utilisateur ne peuvent contenir que des caractères alphanumériques.'),
    ).toBeInTheDocument();
  });

  it('shows the confirmation step once the account is created', async () => {
    const fetchSpy = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ id: '7d2f1c1e-3f1a-4c55-9a3e-2b9a8f0c1d20', email: 'ana@example.com' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<SignupPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.type(screen.getByLabelText('Username'), 'ana42');
    await user.type(screen.getByLabelText('Birthdate'), '1990-05-04');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend the email' })).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/accounts');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'ana@example.com', username: 'ana42', locale: 'en' });
  });
});
