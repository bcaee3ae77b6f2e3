import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { UsernameTab } from './username-tab';

const ANA = testUser();

describe('UsernameTab (SPEC section 5: a username change is alphanumeric only)', () => {
  let calls: number;
  beforeEach(() => {
    calls = 0;
    setCurrentUser(ANA);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls++;
        return Response.json({ ...ANA, username: 'ana2' });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('refuses a name with other characters in the spec words, before calling the server', async () => {
    renderWithProviders(<UsernameTab user={ANA} />);
    await userEvent.type(screen.getByLabelText(/New username/), 'ana_2!');
    await userEvent.click(screen.getByRole('button', { name: 'Change username' }));
    expect(await screen.findByText('Usernames can only contain alphanumeric characters.')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('sends an alphanumeric name', async () => {
    renderWithProviders(<UsernameTab user={ANA} />);
    await userEvent.type(screen.getByLabelText(/New username/), 'ana2');
    await userEvent.click(screen.getByRole('button', { name: 'Change username' }));
    expect(await screen.findByText('Your username has been changed.')).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
