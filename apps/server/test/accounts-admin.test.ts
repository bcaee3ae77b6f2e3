import type {
  AccountSegments,
  AccountStats,
  AccountSync,
  AdminAccount,
  AdminAccountPage,
} from '@tutti/contract/account-admin';
import type { Device } from '@tutti/contract/accounts';
import type { AuditPage } from '@tutti/contract/audit';
import { endpoints, fillPath, type EndpointName } from '@tutti/contract/http';
import { and, eq, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountPrivileges } from '../src/platform/schema.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { freshCardNumber, saveCard } from './support/payments.ts';
import { ADMIN_EMAIL, newAdmin, sessionsSuite, subscribe, UNKNOWN_ID, type ErrorJson } from './support/sessions.ts';
import { createUser, getMe, signIn, type SignedInUser } from './support/users.ts';

type Res<T> = T & ErrorJson;

describe.each(databases())('accounts administration on $name', (database) => {
  const {
    h,
    users: [boss, ann],
  } = sessionsSuite(database, [newAdmin, createUser]);

  const as = (user: SignedInUser) => ({
    get: <T>(path: string) => call<Res<T>>(h.t, 'GET', path, { token: user.accessToken }),
    post: <T>(path: string) => call<Res<T>>(h.t, 'POST', path, { token: user.accessToken }),
    put: <T>(path: string, body: unknown) => call<Res<T>>(h.t, 'PUT', path, { token: user.accessToken, body }),
  });
  const admin = () => as(boss);
  const audit = async (accountId: string) =>
    (await admin().get<AuditPage>(`v1/audit-log?account=${accountId}`)).json.items;

  it('finds accounts by name, email or id, pages and sorts them', async () => {
    const [a, b] = [await createUser(h.t), await createUser(h.t)];
    const byName = await admin().get<AdminAccountPage>(`v1/accounts?q=${a.username.toUpperCase()}`);
    expect(byName.status, byName.text).toBe(200);
    expect(byName.json.items.map((i) => i.id)).toEqual([a.id]);
    expect(byName.json.items[0]).toMatchObject({ email: a.email, verified: false, privileges: ['CORE_GUEST'] });
    expect((await admin().get<AdminAccountPage>(`v1/accounts?q=${b.email}`)).json.items[0]?.id).toBe(b.id);
    expect((await admin().get<AdminAccountPage>(`v1/accounts?q=${b.id}`)).json.total).toBe(1);
    // LIKE's wildcards are plain characters in a search.
    expect((await admin().get<AdminAccountPage>('v1/accounts?q=%25_')).json.total).toBe(0);
    const paged = await admin().get<AdminAccountPage>('v1/accounts?size=1&p=2&sort=createdAt&order=desc');
    expect(paged.json).toMatchObject({ page: 2, size: 1 });
    expect(paged.json.total).toBeGreaterThanOrEqual(4);
    const sorted = await admin().get<AdminAccountPage>('v1/accounts?sort=username&order=asc&size=50');
    const names = sorted.json.items.map((i) => i.username);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect((await admin().get('v1/accounts?sort=password')).status).toBe(400);
    const one = await admin().get<AdminAccount>(`v1/accounts/${a.id}`);
    expect(one.json).toEqual(byName.json.items[0]);
    expect((await admin().get(`v1/accounts/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it('counts accounts: validated, online now, subscribed, under 13, and sign-ups per day over 90 days', async () => {
    const before = (await admin().get<AccountStats>('v1/accounts/stats')).json;
    const child = await createUser(h.t, { birthdate: `${new Date().getUTCFullYear() - 10}-01-01` });
    await call(h.t, 'POST', 'v1/me/ping', { token: child.accessToken });
    await subscribe(h.t, child, new Date(h.t.clock.now().getTime() + 86_400_000));
    const after = await admin().get<AccountStats>('v1/accounts/stats');
    expect(after.status, after.text).toBe(200);
    const s = after.json;
    expect(s.total).toBeGreaterThanOrEqual(before.total + 1);
    expect(s.validated).toBeGreaterThanOrEqual(before.validated + 1);
    expect(s.under13).toBeGreaterThanOrEqual(before.under13 + 1);
    expect(s.subscribed).toBeGreaterThanOrEqual(before.subscribed + 1);
    expect(s.onlineNow).toBeGreaterThanOrEqual(1);
    expect(s.validated).toBeLessThanOrEqual(s.total);
    expect(s.signUpsPerDay).toHaveLength(90);
    const today = h.t.clock.now().toISOString().slice(0, 10);
    expect(s.signUpsPerDay.at(-1)).toMatchObject({ day: today });
    expect(s.signUpsPerDay.at(-1)!.count).toBeGreaterThanOrEqual(3);
    const segments = await admin().get<AccountSegments>(`v1/accounts/${child.id}/segments`);
    expect(segments.json).toEqual({
      segments: ['validated', 'subscribed', 'under13', 'locale:en'],
      // The onboarding's experiment runs from the start (migration 0020): every account has a variant in it.
      experiments: [{ test: 'onboarding-step-order', variant: expect.stringMatching(/^(selfcheck|profile)-first$/) }],
    });
  });

  it('grants and removes privileges, kept at the next sign-in, each change in the audit log', async () => {
    const bob = await createUser(h.t);
    const granted = await admin().put<AdminAccount>(`v1/accounts/${bob.id}/privileges`, { privileges: ['TUTTI_MU'] });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.json.privileges).toEqual(['CORE_GUEST', 'TUTTI_MU']);
    expect((await getMe(h.t, bob.accessToken)).privileges).toContain('TUTTI_MU');
    // The lists do not take back what an administrator granted.
    const again = await signIn(h.t, bob.email, bob.password);
    expect((await getMe(h.t, again.accessToken)).privileges).toContain('TUTTI_MU');
    const removed = await admin().put<AdminAccount>(`v1/accounts/${bob.id}/privileges`, { privileges: [] });
    expect(removed.json.privileges).toEqual(['CORE_GUEST']);
    const entries = await audit(bob.id);
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['account.privileges', { added: [], removed: ['TUTTI_MU'] }],
      ['account.privileges', { added: ['TUTTI_MU'], removed: [] }],
    ]);
    expect(entries[0]?.actor).toEqual({ id: boss.id, username: boss.username });
  });

  it('refuses removing your own CORE_ADMIN and a privilege the address lists give', async () => {
    const own = await admin().put(`v1/accounts/${boss.id}/privileges`, { privileges: [] });
    expect(own.status).toBe(409);
    expect(own.json.error.code).toBe('OWN_ADMIN_PRIVILEGE');
    const deputy = await createUser(h.t);
    await admin().put(`v1/accounts/${deputy.id}/privileges`, { privileges: ['CORE_ADMIN'] });
    const listed = await as(deputy).put(`v1/accounts/${boss.id}/privileges`, { privileges: [] });
    expect(listed.status).toBe(409);
    expect(listed.json.error.code).toBe('PRIVILEGE_LISTED');
    expect((await as(deputy).get(`v1/accounts/${boss.id}`)).status).toBe(200);
  });

  it('validates and un-validates: an account not validated is signed out and cannot sign in', async () => {
    const bob = await createUser(h.t);
    const off = await admin().post<AdminAccount>(`v1/accounts/${bob.id}/valid?state=false`);
    expect(off.status, off.text).toBe(200);
    expect(off.json.validatedAt).toBeNull();
    expect((await call(h.t, 'GET', 'v1/me', { token: bob.accessToken })).status).toBe(403);
    const refused = await call<ErrorJson>(h.t, 'POST', 'v1/auth', {
      body: { email: bob.email, password: bob.password },
    });
    expect(refused.json.error.code).toBe('ACCOUNT_NOT_CONFIRMED');
    const on = await admin().post<AdminAccount>(`v1/accounts/${bob.id}/valid?state=true`);
    expect(on.json.validatedAt).not.toBeNull();
    await signIn(h.t, bob.email, bob.password);
    expect((await audit(bob.id)).map((e) => e.details)).toEqual([{ state: true }, { state: false }]);
    expect((await admin().post(`v1/accounts/${bob.id}/valid?state=maybe`)).status).toBe(400);
  });

  it('turns the verified badge on and off, as the public profile shows', async () => {
    const on = await admin().post<AdminAccount>(`v1/accounts/${ann.id}/verified?state=true`);
    expect(on.json.verified).toBe(true);
    const profile = await call<{ verified: boolean }>(h.t, 'GET', `v1/profiles/username/${ann.username}`, {
      token: boss.accessToken,
    });
    expect(profile.json.verified).toBe(true);
    const off = await admin().post<AdminAccount>(`v1/accounts/${ann.id}/verified?state=false`);
    expect(off.json.verified).toBe(false);
    expect((await audit(ann.id))[0]).toMatchObject({ action: 'account.verified', details: { state: false } });
  });

  it("sets a new password: the account's devices are signed out, the log says so without the password", async () => {
    const bob = await createUser(h.t);
    const res = await admin().put(`v1/accounts/${bob.id}/password`, { password: 'a brand new horse' });
    expect(res.status, res.text).toBe(204);
    expect((await call(h.t, 'GET', 'v1/me', { token: bob.accessToken })).status).toBe(403);
    await signIn(h.t, bob.email, 'a brand new horse');
    const [entry] = await audit(bob.id);
    expect(entry).toMatchObject({ action: 'account.password', details: {} });
    expect((await admin().put(`v1/accounts/${bob.id}/password`, { password: 'short' })).status).toBe(400);
  });

  it('lists the devices of an account and syncs its customer at the payment service', async () => {
    const bob = await createUser(h.t);
    const devices = await admin().get<Device[]>(`v1/devices/accounts/${bob.id}`);
    expect(devices.json.map((d) => d.id)).toEqual([bob.deviceId]);
    expect(devices.json[0]?.current).toBe(false);
    const none = await admin().post<AccountSync>(`v1/accounts/${bob.id}/sync`);
    expect(none.json).toEqual({ customerId: null, email: null, cards: 0 });
    await saveCard(h.t, bob, freshCardNumber());
    const synced = await admin().post<AccountSync>(`v1/accounts/${bob.id}/sync`);
    expect(synced.status, synced.text).toBe(200);
    expect(synced.json).toMatchObject({ email: bob.email, cards: 1 });
    expect(synced.json.customerId).toMatch(/^cus_/);
    expect((await audit(bob.id)).map((e) => e.action)).toEqual(['account.sync', 'account.sync']);
  });

  it('refuses every accounts administration call to a musician (403) and a guest (401)', async () => {
    const names = Object.keys(endpoints).filter(
      (n) => endpoints[n as EndpointName].tag === 'administration',
    ) as EndpointName[];
    // The accounts, the audit log and the A/B tests.
    expect(names.length).toBe(14);
    for (const name of names) {
      const def = endpoints[name];
      const url = fillPath(def.path, { id: ann.id });
      const mine = await call<ErrorJson>(h.t, def.method, url, { token: ann.accessToken, body: {} });
      expect(mine.status, `${name} as a musician`).toBe(403);
      expect((await call(h.t, def.method, url, { body: {} })).status, `${name} as a guest`).toBe(401);
    }
  });

  it('keeps one administrator when two remove each other at once', async () => {
    const [x, y] = [await createUser(h.t), await createUser(h.t)];
    for (const u of [x, y]) await admin().put(`v1/accounts/${u.id}/privileges`, { privileges: ['CORE_ADMIN'] });
    // The other administrators leave (as a restart without the listed address would do): x and y are the only ones.
    const { db } = h.t.app.tutti.database;
    const isAdmin = eq(accountPrivileges.privilege, 'CORE_ADMIN');
    await db.delete(accountPrivileges).where(and(isAdmin, notInArray(accountPrivileges.accountId, [x.id, y.id])));
    try {
      const answers = await Promise.all([
        as(x).put<AdminAccount>(`v1/accounts/${y.id}/privileges`, { privileges: [] }),
        as(y).put<AdminAccount>(`v1/accounts/${x.id}/privileges`, { privileges: [] }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      // The second is refused: as the last administrator's removal, or because its caller is no longer one.
      expect([403, 409]).toContain(statuses[1]);
      const refused = answers.find((a) => a.status === 409);
      if (refused) expect(refused.json.error.code).toBe('LAST_ADMIN');
      const admins = await db.select().from(accountPrivileges).where(eq(accountPrivileges.privilege, 'CORE_ADMIN'));
      expect(admins.filter((r) => r.accountId === x.id || r.accountId === y.id)).toHaveLength(1);
    } finally {
      await signIn(h.t, ADMIN_EMAIL, boss.password);
    }
  });
});
