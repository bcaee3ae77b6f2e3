import type { AdminAccount } from '@tutti/contract/account-admin';
import type { AccountDeletion, AuthTokens } from '@tutti/contract/accounts';
import type { AuditPage } from '@tutti/contract/audit';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERASURE_JOB } from '../src/modules/accounts/account-deletion.ts';
import { call, type ApiResponse } from './support/app.ts';
import { databases } from './support/databases.ts';
import { callFrom, expectRefused, nextAddress, type ErrorJson } from './support/limits.ts';
import { newAdmin, sessionsSuite, signedInAgain } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const DAY = 24 * 3600_000;
/** RATE_LIMIT_PASSWORD_MAX's default (config.ts): the suite keeps it. */
const PASSWORD_MAX = 10;

/** Issue 33: an administrator's deletion is final for the owner, the owner's own one is undone by signing in
 *  (recorded), and deletion's password check counts against the account's wrong-password budget. */
describe.each(databases())('account deletion, hardened, on $name', (database) => {
  const {
    h,
    users: [boss],
  } = sessionsSuite(database, [newAdmin]);

  const del = (user: SignedInUser, id: string, body: unknown = {}, from = nextAddress()) =>
    callFrom<AccountDeletion & ErrorJson>(h.t, 'DELETE', `v1/accounts/${id}`, {
      token: user.accessToken,
      body,
      from,
    });
  const signIn = (email: string, password: string): Promise<ApiResponse<AuthTokens & ErrorJson>> =>
    callFrom(h.t, 'POST', 'v1/auth', { body: { email, password }, from: nextAddress() });
  const adminView = async (id: string) =>
    call<AdminAccount & ErrorJson>(h.t, 'GET', `v1/accounts/${id}`, {
      token: (await signedInAgain(h.t, boss)).accessToken,
    });
  const auditOf = async (id: string) =>
    (
      await call<AuditPage>(h.t, 'GET', `v1/audit-log?account=${id}`, {
        token: (await signedInAgain(h.t, boss)).accessToken,
      })
    ).json.items.map((e) => [e.action, e.actor?.id ?? null]);
  const eraseNow = () => h.t.app.tutti.jobs.runNow(ACCOUNT_ERASURE_JOB);

  it("refuses the owner's sign-in after an administrator's deletion, as if erased, and erases it on time", async () => {
    const bob = await createUser(h.t);
    expect((await del(await signedInAgain(h.t, boss), bob.id)).status).toBe(200);

    h.t.clock.advance(2 * DAY);
    const back = await signIn(bob.email, bob.password);
    // The very answer a wrong password (or an erased account) gets: nothing says the account still exists.
    const wrong = await signIn(bob.email, 'not the password');
    expect([back.status, back.json.error]).toEqual([wrong.status, wrong.json.error]);
    expect(back.json.error.code).toBe('INVALID_CREDENTIALS');
    // Still hidden, still due for erasure; no recovery link either.
    expect((await adminView(bob.id)).json.erasesAt).not.toBeNull();
    expect(await auditOf(bob.id)).toEqual([['account.delete', boss.id]]);
    const mails = h.t.mail.messages.length;
    expect(
      (await callFrom(h.t, 'POST', 'v1/accounts/forgot-password', { body: { email: bob.email }, from: nextAddress() }))
        .status,
    ).toBe(204);
    await h.t.app.tutti.background.drain();
    expect(h.t.mail.messages.slice(mails).filter((m) => m.to === bob.email)).toEqual([]);

    h.t.clock.advance(5 * DAY + 60_000);
    await eraseNow();
    expect((await adminView(bob.id)).status).toBe(404);
    expect((await signIn(bob.email, bob.password)).json.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('keeps an account its owner deleted when they sign in within the grace period, recorded in the audit log', async () => {
    const ann = await createUser(h.t);
    expect((await del(ann, ann.id, { password: ann.password })).status).toBe(200);
    h.t.clock.advance(3 * DAY);
    const back = await signIn(ann.email, ann.password);
    expect(back.status, back.text).toBe(200);
    expect((await adminView(ann.id)).json.erasesAt).toBeNull();
    expect(await auditOf(ann.id)).toEqual([['account.keep', ann.id]]);
    h.t.clock.advance(5 * DAY);
    await eraseNow();
    expect((await adminView(ann.id)).status).toBe(200);
  });

  it('counts wrong deletion passwords against the account, whatever the address: refused even with the right one', async () => {
    const cy = await createUser(h.t);
    // Three guesses per address, never enough for the per-address limit alone to stop anyone.
    for (let i = 0; i < PASSWORD_MAX; i++) {
      const wrong = await del(cy, cy.id, { password: `guess-${i}` }, `10.33.${Math.floor(i / 3)}.1`);
      expect(wrong.json.error.code).toBe('WRONG_PASSWORD');
    }
    expectRefused(
      await del(cy, cy.id, { password: 'guess-again' }, '10.33.9.1'),
      'TOO_MANY_PASSWORD_ATTEMPTS',
      15 * 60,
    );
    expectRefused(await del(cy, cy.id, { password: cy.password }, '10.33.10.1'), 'TOO_MANY_PASSWORD_ATTEMPTS', 15 * 60);
    expect((await adminView(cy.id)).json.erasesAt).toBeNull();
  });
});
