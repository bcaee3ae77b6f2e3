import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { PasswordTab } from './password-tab';

describe('PasswordTab (SPEC section 5: a password change needs the old and the new password)', () => {
  let bodies: unknown[];
  beforeEach(() => {
    bodies = [];
    setCurrentUser(testUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('asks for both before calling the server, and the new one of at least 7 characters', async () => {
    renderWithProviders(<PasswordTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('Your password need to have a least 7 characters.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/New password/), 'new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/New password/));
    await userEvent.type(screen.getByLabelText(/Current password/), 'old secret');
    await userEvent.type(screen.getByLabelText(/New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password need to have a least 7 characters.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends the old and the new password together', async () => {
    renderWithProviders(<PasswordTab />);
    await userEvent.type(screen.getByLabelText(/Current password/), 'old secret');
    await userEvent.type(screen.getByLabelText(/New password/), 'new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ oldPassword: 'old secret', newPassword: 'new secret' }]));
  });
});
