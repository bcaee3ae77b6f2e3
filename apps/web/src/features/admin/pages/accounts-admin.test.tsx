import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '@tutti/contract/audit';
import type { Privilege } from '@tutti/contract/reference';
import en from '../../../locales/en/admin.json';
import fr from '../../../locales/fr/admin.json';
import { setCurrentUser } from '../../../lib/session';
import { ADMIN_USER, json, pageOf, renderAdminAt, adminAccount, ANA_ADMIN_ID } from '../../../../test/admin-render';
import { AccountPage } from './account-page';
import { AccountsPage } from './accounts-page';
import { AuditLogPage } from './audit-log-page';
import { DashboardPage } from './dashboard-page';

const ANA_ID = ANA_ADMIN_ID;
const ana = adminAccount();
const ROLES: Privilege[] = [
  { name: 'CORE_ADMIN', description: 'Administrator: accounts, reference data and servers' },
  { name: 'CORE_GUEST', description: 'Signed-in user: the hall, sessions, profile and preferences' },
  { name: 'TUTTI_MU', description: 'May join test rehearsals' },
];
const entry: AuditEntry = {
  id: '99999999-9999-4999-8999-999999999999',
  at: '2030-12-02T09:30:00.000Z',
  actor: { id: ADMIN_USER.id, username: 'boss' },
  action: 'account.privileges',
  target: { id: ANA_ID, username: 'ana' },
  details: { added: ['TUTTI_MU'], removed: [] },
};

describe('the accounts administration', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let answer: (url: string, init?: RequestInit) => Response;
  const location = () => screen.getByTestId('location').textContent;
  const requests = () =>
    fetchSpy.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url as string}`);

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    answer = () => json(200, pageOf([ana]));
    // The role editor offers the roles the server defines (GET v1/privileges) on every account's page.
    fetchSpy = vi.fn((url: string, init?: RequestInit) =>
      Promise.resolve(url === '/api/v1/privileges' ? json(200, ROLES) : answer(url, init)),
    );
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('lists accounts, and keeps the search, the sort and the page in the address', async () => {
    renderAdminAt('/admin/accounts?p=2', '/admin/accounts', <AccountsPage />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'ana' })).toHaveAttribute('href', `/admin/accounts/${ANA_ID}`);
    // Each account's picture (or the default avatar) comes from GET v1/accounts/{username}/picture.
    expect(table.querySelector('img')).toHaveAttribute('src', '/api/v1/accounts/ana/picture');
    expect(requests()).toContain('GET /api/v1/accounts?p=2&size=20&sort=createdAt&order=desc');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Account' }));
    await waitFor(() => expect(location()).toBe('/admin/accounts?sort=username&order=asc'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'ana@');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/admin/accounts?q=ana%40&sort=username&order=asc'));
    await waitFor(() =>
      expect(requests()).toContain('GET /api/v1/accounts?p=1&size=20&sort=username&order=asc&q=ana%40'),
    );
  });

  it("grants a privilege and turns the verified badge on from an account's page", async () => {
    let current = ana;
    answer = (url, init) => {
      if (init?.method === 'PUT') current = { ...current, privileges: ['CORE_GUEST', 'TUTTI_MU'] };
      if (url.includes('/verified')) current = { ...current, verified: true };
      if (url.endsWith('/devices/accounts/' + ANA_ID)) return json(200, []);
      if (url.endsWith('/segments')) {
        return json(200, {
          segments: ['validated', 'locale:fr'],
          experiments: [{ test: 'onboarding-step-order', variant: 'profile-first' }],
        });
      }
      if (url.endsWith('/subscription')) return json(200, { current: null });
      return json(200, current);
    };
    renderAdminAt(`/admin/accounts/${ANA_ID}`, '/admin/accounts/:id', <AccountPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account ana' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Ana' })).toHaveAttribute(
      'src',
      '/api/v1/accounts/ana/picture',
    );
    expect(await screen.findByText('French')).toBeInTheDocument();
    expect(screen.getByText('A/B onboarding-step-order: profile-first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tester (test rehearsals) (TUTTI_MU)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the privileges' }));
    expect(await screen.findByText('Privileges saved.')).toBeInTheDocument();
    const put = fetchSpy.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(JSON.parse((put?.[1] as RequestInit).body as string)).toEqual({ privileges: ['CORE_GUEST', 'TUTTI_MU'] });
    await userEvent.click(screen.getByRole('switch', { name: /Verified badge/ }));
    await waitFor(() => expect(requests()).toContain(`POST /api/v1/accounts/${ANA_ID}/verified?state=true`));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Verified badge/ })).toBeChecked());
  });

  it('asks before un-validating an account', async () => {
    answer = (url) => {
      if (url.includes('/devices/')) return json(200, []);
      if (url.endsWith('/segments')) return json(200, { segments: [], experiments: [] });
      if (url.endsWith('/subscription')) return json(200, { current: null });
      return json(200, ana);
    };
    renderAdminAt(`/admin/accounts/${ANA_ID}`, '/admin/accounts/:id', <AccountPage />);
    await userEvent.click(await screen.findByRole('switch', { name: /Validated account/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Un-validate this account?' });
    expect(requests().some((r) => r.includes('/valid'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Un-validate' }));
    await waitFor(() => expect(requests()).toContain(`POST /api/v1/accounts/${ANA_ID}/valid?state=false`));
  });

  it('links the public profile only when other musicians can open it (not under 13)', async () => {
    const child = { ...ana, birthdate: `${new Date().getUTCFullYear() - 10}-01-01` };
    answer = (url) => {
      if (url.includes('/devices/')) return json(200, []);
      if (url.endsWith('/segments')) return json(200, { segments: ['under13'], experiments: [] });
      if (url.endsWith('/subscription')) return json(200, { current: null });
      return json(200, child);
    };
    renderAdminAt(`/admin/accounts/${ANA_ID}`, '/admin/accounts/:id', <AccountPage />);
    expect(await screen.findByText('No public profile (not validated, under 13 or being deleted)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Public profile' })).toBeNull();
  });

  it('asks before deleting an account, then says when it will be erased', async () => {
    let current = ana;
    answer = (url, init) => {
      if (url.includes('/devices/')) return json(200, []);
      if (url.endsWith('/segments')) return json(200, { segments: [], experiments: [] });
      if (url.endsWith('/subscription')) return json(200, { current: null });
      if (init?.method === 'DELETE') {
        current = { ...current, erasesAt: '2030-12-09T12:00:00.000Z' };
        return json(200, { erasesAt: current.erasesAt });
      }
      return json(200, current);
    };
    renderAdminAt(`/admin/accounts/${ANA_ID}`, '/admin/accounts/:id', <AccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    expect(requests().some((r) => r.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    await waitFor(() => expect(requests()).toContain(`DELETE /api/v1/accounts/${ANA_ID}`));
    expect(
      await screen.findByText(
        'Deletion asked: erased on 9 December 2030 (unless its owner asked for it and signs in before).',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete the account' })).toBeNull());
  });

  it('shows the figures and the 90-day chart on the dashboard, in French too', async () => {
    const days = Array.from({ length: 90 }, (_, i) => ({
      day: new Date(Date.UTC(2030, 8, 1) + i * 86_400_000).toISOString().slice(0, 10),
      count: i === 89 ? 4 : 0,
    }));
    answer = () =>
      json(200, { total: 1234, validated: 1000, onlineNow: 7, subscribed: 42, under13: 3, signUpsPerDay: days });
    renderAdminAt('/admin/dashboard', '/admin/dashboard', <DashboardPage />, { locale: 'fr' });
    expect(await screen.findByTestId('stat-total')).toHaveTextContent(/1\s234/);
    expect(screen.getByTestId('stat-onlineNow')).toHaveTextContent('7');
    expect(screen.getByRole('img', { name: 'Inscriptions par jour, 90 derniers jours' })).toBeInTheDocument();
    expect(screen.getByText('4 inscriptions en 90 jours, au plus 4 en un jour.')).toBeInTheDocument();
  });

  it('shows the audit log, about one account when the address says so', async () => {
    answer = () => json(200, pageOf([entry]));
    renderAdminAt(`/admin/audit-log?account=${ANA_ID}`, '/admin/audit-log', <AuditLogPage />);
    const table = await screen.findByRole('table');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent).slice(1)).toEqual(['boss', 'Privileges changedadded: TUTTI_MU', 'ana']);
    expect(requests()).toEqual([`GET /api/v1/audit-log?p=1&size=20&account=${ANA_ID}`]);
    expect(screen.getByText('About ana only')).toBeInTheDocument();
  });

  it('names every action the server records, in English and French', () => {
    for (const action of AUDIT_ACTIONS) {
      const [domain = '', name = ''] = action.split('.');
      for (const locale of [en, fr]) {
        const names = (locale.audit.action as Record<string, Record<string, string> | undefined>)[domain];
        expect(names?.[name], `${action}`).toBeTruthy();
      }
    }
  });
});
