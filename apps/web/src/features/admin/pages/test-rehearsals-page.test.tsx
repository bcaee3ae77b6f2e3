import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '@tutti/contract/sessions';
import { setCurrentUser } from '../../../lib/session';
import { ADMIN_USER, adminFetchDouble, json, renderAdminAt } from '../../../../test/admin-render';
import { TestRehearsalsPage } from './test-rehearsals-page';

const CLEO = {
  id: '66666666-6666-4666-8666-666666666666',
  username: 'cleo',
  displayedUsername: 'Cléo',
  profilePicture: null,
};
const LATENCY: Session = {
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'test',
  name: 'Latency drill',
  description: 'Try the 64-frame buffer',
  public: false,
  coverPicture: null,
  startsAt: '2030-12-01T12:00:00.000Z',
  status: 'live',
  runningSince: '2030-12-01T12:05:00.000Z',
  endedAt: null,
  closesAt: null,
  restartableUntil: null,
  calendarSequence: 0,
  createdAt: '2030-12-01T12:00:00.000Z',
  organizer: null,
  maxPlayers: 8,
  players: [{ musician: CLEO, slot: 0, joinedAt: '2030-12-01T12:05:00.000Z' }],
  invited: [],
};

describe('the test rehearsals administration', () => {
  let sessions: Session[];
  beforeEach(() => {
    sessions = [LATENCY];
  });
  const calls = adminFetchDouble(({ method, url, body }) => {
    if (url.endsWith('/v1/test-rehearsal') && method === 'POST') {
      const { name } = body as { name: string };
      const created = { ...LATENCY, id: '77777777-7777-4777-8777-777777777777', name, players: [] };
      sessions = [created, ...sessions];
      return json(201, created);
    }
    if (url.endsWith('/v1/test-rehearsal')) return json(200, sessions);
    if (url.includes('/v1/test-rehearsal/') && method === 'DELETE') {
      sessions = sessions.filter((s) => !url.endsWith(s.id));
      return json(204, null);
    }
    return undefined;
  });

  it('lists the open ones with who plays, and ends one after a confirmation', async () => {
    renderAdminAt('/admin/test-rehearsals', '/admin/test-rehearsals', <TestRehearsalsPage />);
    const table = await screen.findByRole('region', { name: 'Open test rehearsals' });
    const row = within(table).getByRole('row', { name: /Latency drill/ });
    expect(row).toHaveTextContent('Try the 64-frame buffer');
    expect(row).toHaveTextContent('1 / 8');
    expect(row).toHaveTextContent('Cléo');
    // An administrator without TUTTI_MU cannot open the join screen: no link that would lead to the not-found page.
    expect(within(row).queryByRole('link', { name: /Open/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute(
      'href',
      `/admin/accounts/${ADMIN_USER.id}`,
    );
    await userEvent.click(within(row).getByRole('button', { name: 'End the test rehearsal Latency drill' }));
    const dialog = await screen.findByRole('dialog', { name: 'End “Latency drill”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('“Latency drill” is ended.')).toBeInTheDocument();
    expect(await screen.findByText('No test rehearsal is open.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/v1/test-rehearsal/${LATENCY.id}`)).toBe(true);
  }, 15_000);

  it('opens one from a dialog, its name and password required', async () => {
    renderAdminAt('/admin/test-rehearsals', '/admin/test-rehearsals', <TestRehearsalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New test rehearsal' }));
    const dialog = await screen.findByRole('dialog', { name: 'New test rehearsal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'New test rehearsal' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('Night check');
    await userEvent.click(within(dialog).getByLabelText(/^Password/));
    await userEvent.paste('s3cret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New test rehearsal' }));
    expect(await screen.findByText('“Night check” is open. Give its password to the testers.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'Night check', password: 's3cret' });
    await waitFor(() => expect(screen.getByRole('row', { name: /Night check/ })).toBeInTheDocument());
  }, 15_000);

  it('links a tester administrator to the join screen, in French', async () => {
    setCurrentUser({ ...ADMIN_USER, privileges: [...ADMIN_USER.privileges, 'TUTTI_MU'] });
    renderAdminAt('/admin/test-rehearsals', '/admin/test-rehearsals', <TestRehearsalsPage />, { locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Répétitions de test' })).toBeInTheDocument();
    const open = await screen.findByRole('link', { name: 'Ouvrir la répétition de test Latency drill' });
    expect(open).toHaveAttribute('href', `/studio/test-rehearsal/${LATENCY.id}`);
    expect(screen.queryByRole('link', { name: 'Votre compte' })).not.toBeInTheDocument();
  }, 15_000);
});
