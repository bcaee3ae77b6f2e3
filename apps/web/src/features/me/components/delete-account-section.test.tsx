import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../components/ui/modal-host';
import { getCurrentUser, setCurrentUser } from '../../../lib/session';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { DeleteAccountSection } from './delete-account-section';

const USER = testUser();
const ERASES_AT = '2030-12-08T10:00:00.000Z';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function LoginProbe() {
  return <p>login page {useLocation().search}</p>;
}

const renderSection = (locale: 'en' | 'fr' = 'en') =>
  renderWithProviders(
    <>
      <ModalHost />
      <Routes>
        <Route path="/" element={<DeleteAccountSection accountId={USER.id} />} />
        <Route path="/users/login" element={<LoginProbe />} />
      </Routes>
    </>,
    { locale },
  );

describe('DeleteAccountSection', () => {
  let calls: { url: string; method: string | undefined; body: unknown }[];
  let answer: Response;
  beforeEach(() => {
    calls = [];
    answer = json(200, { erasesAt: ERASES_AT });
    setCurrentUser(USER);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({ url, method: init?.method, body: JSON.parse((init?.body as string) ?? 'null') });
        return Promise.resolve(answer);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('asks for the password before anything', async () => {
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('confirms, deletes with the password, signs out and says until when signing in keeps the account', async () => {
    renderSection();
    expect(screen.getByText(/After 7 days, your personal data/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Your password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(`login page ?erases=${encodeURIComponent(ERASES_AT)}`)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: expect.stringContaining(`/v1/accounts/${USER.id}`),
        method: 'DELETE',
        body: { password: 'correct horse' },
      },
    ]);
    expect(getCurrentUser()).toBeNull();
  });

  it('puts a wrong password on its field, in French too', async () => {
    answer = json(400, { error: { code: 'WRONG_PASSWORD', message: 'no', fields: { password: 'wrong_password' } } });
    renderSection('fr');
    await userEvent.type(screen.getByLabelText(/Votre mot de passe/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText('Ce mot de passe n’est pas le bon.')).toBeInTheDocument();
    expect(getCurrentUser()).not.toBeNull();
  });
});
