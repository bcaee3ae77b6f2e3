import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { LoginPage } from './login-page';

const ACCOUNT_ID = '7d2f1c1e-3f1a-4c55-9a3e-2b9a8f0c1d20';
const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('LoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so clearly when the credentials are wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'no' } }))),
    );
    renderWithProviders(<LoginPage />);
    await submit('ana@example.com', 'wrong-one');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
  });

  it('offers the confirmation step, whose resend uses the account id from the error', async () => {
    const fetchSpy = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/email')
          ? json(204, null)
          : json(401, { error: { code: 'ACCOUNT_NOT_CONFIRMED', message: 'no', details: { accountId: ACCOUNT_ID } } }),
      ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<LoginPage />);
    const user = await submit('ana@example.com', 'secret-pass');

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend the email' }));
    expect(await screen.findByText('The email has been sent again.')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/api/v1/auth', `/api/v1/accounts/${ACCOUNT_ID}/email`]);

    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<LoginPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('LoginPage after "delete my account"', () => {
  it('says until when signing in keeps the account, in the musician’s language', () => {
    renderWithProviders(<LoginPage />, { route: '/users/login?erases=2030-12-08T10:00:00.000Z' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your account will be erased on 8 December 2030. Log in before then to keep it.',
    );
  });

  it('speaks French', () => {
    renderWithProviders(<LoginPage />, { route: '/users/login?erases=2030-12-08T10:00:00.000Z', locale: 'fr' });
    expect(screen.getByRole('status')).toHaveTextContent('Votre compte sera effacé le 8 décembre 2030.');
  });

  it('ignores a date that is not one', () => {
    renderWithProviders(<LoginPage />, { route: '/users/login?erases=soon' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
