import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountStats } from '@tutti/contract/account-admin';
import type { System } from '@tutti/contract/reference';
import { adminFetchDouble, json, renderAdminAt } from '../../../../test/admin-render';
import { sessionStore } from '../../../lib/session';
import { DashboardPage } from './dashboard-page';

const STATS: AccountStats = {
  total: 1234,
  validated: 1100,
  onlineNow: 12,
  subscribed: 321,
  under13: 4,
  signUpsPerDay: [{ day: '2030-12-01', count: 3 }],
};
let system: System;

/** The administrator's access token: an unsigned JWT-shaped one that expires in an hour (the client reads exp). */
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const ACCESS = `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
beforeEach(() => sessionStore.setState({ accessToken: ACCESS }));
afterEach(() => sessionStore.setState({ accessToken: null }));

/** As the server answers GET v1/system: the version, start and engines only to an administrator's token. */
const sent = adminFetchDouble(({ url, authorization }) => {
  if (url.includes('/v1/accounts/stats')) return json(200, STATS);
  if (url.includes('/v1/system')) {
    return json(200, authorization === `Bearer ${ACCESS}` ? system : { serverTime: system.serverTime });
  }
  return undefined;
});

describe('the dashboard', () => {
  it("shows the server's version, start, engines, and that the clocks agree", async () => {
    system = {
      serverTime: new Date().toISOString(),
      version: '1.4.0',
      startedAt: '2030-12-01T08:00:00.000Z',
      database: 'postgres',
      bus: 'redis',
    };
    renderAdminAt('/admin/dashboard', '/admin/dashboard', <DashboardPage />);
    const server = await screen.findByRole('region', { name: 'Server' });
    expect(within(server).getByText('1.4.0')).toBeInTheDocument();
    expect(within(server).getByText('PostgreSQL')).toBeInTheDocument();
    expect(within(server).getByText('Redis (several instances)')).toBeInTheDocument();
    expect(within(server).getByText("This browser's clock agrees with the server's.")).toBeInTheDocument();
    expect(sent.some((r) => r.url.endsWith('/api/v1/system'))).toBe(true);
    expect(await screen.findByTestId('stat-total')).toHaveTextContent('1,234');
  });

  it("warns, in French, when this browser's clock is far from the server's", async () => {
    system = { serverTime: new Date(Date.now() - 5 * 60_000).toISOString(), database: 'pglite', bus: 'memory' };
    renderAdminAt('/admin/dashboard', '/admin/dashboard', <DashboardPage />, { locale: 'fr' });
    const server = await screen.findByRole('region', { name: 'Serveur' });
    expect(within(server).getByText('Intégrée (PGlite)')).toBeInTheDocument();
    expect(within(server).getAllByText('Inconnu')).toHaveLength(2); // version and start, not told
    expect(within(server).getByText(/s’écarte de 30\d s/)).toBeInTheDocument();
  });
});
