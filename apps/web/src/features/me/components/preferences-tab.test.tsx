import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { testUser } from '../../../../test/current-user';
import { PreferencesTab } from './preferences-tab';

const USER: CurrentUser = testUser({ displayedUsername: 'ana', nalsToken: 'tok' });

describe('PreferencesTab, message emails', () => {
  let bodies: unknown[];
  beforeEach(() => {
    bodies = [];
    setCurrentUser(USER);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as Partial<CurrentUser>;
        bodies.push(body);
        return Promise.resolve(
          new Response(JSON.stringify({ ...USER, ...body }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('sits beside the news opt-in, on by default, and saves when turned off', async () => {
    renderWithProviders(<PreferencesTab user={USER} />);
    const emails = screen.getByRole('switch', { name: /^Email me about unread messages/ });
    expect(emails).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Receive news by email' })).not.toBeChecked();
    await userEvent.click(emails);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ messageEmails: false, newsOptIn: false });
    expect(await screen.findByText('Your preferences have been saved.')).toBeInTheDocument();
  });

  it('is not offered under 13 (no private messages for them)', () => {
    renderWithProviders(<PreferencesTab user={{ ...USER, eligibleToSocial: false }} />);
    expect(screen.queryByRole('switch', { name: /^Email me about unread messages/ })).toBeNull();
  });

  it('speaks French', () => {
    renderWithProviders(<PreferencesTab user={{ ...USER, locale: 'fr' }} />, { locale: 'fr' });
    expect(screen.getByRole('switch', { name: /^M’envoyer un e-mail pour les messages non lus/ })).toBeChecked();
  });
});
