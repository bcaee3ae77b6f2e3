import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_WINDOW_SECONDS } from '../src/platform/limits.ts';
import { withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { argon2Runs, callFrom, expectRefused, makeUser, nextAddress } from './support/limits.ts';

const ADDRESS_MAX = 4;
const PASSWORD_MAX = 3;
const ADMIN = `admin-${randomBytes(4).toString('hex')}@limits.test`;
const TESTERS = '@testers.limits.test';

describe.each(databases())(
  'password checks and costly calls, limited per account and per address, on $name',
  (database) => {
    let t: TestApp;
    withTestApp(database, (app) => (t = app), {
      RATE_LIMIT_AUTH_MAX: String(ADDRESS_MAX),
      RATE_LIMIT_PASSWORD_MAX: String(PASSWORD_MAX),
      ADMIN_EMAILS: ADMIN,
      TESTER_EMAILS: TESTERS,
    });
    const signIn = (email: string, password: string, from = nextAddress()) =>
      callFrom(t, 'POST', 'v1/auth', { body: { email, password }, from });

    describe('sign-in', () => {
      it('per address: one address is refused after RATE_LIMIT_AUTH_MAX tries, whatever the accounts; others go on', async () => {
        const attacker = nextAddress();
        for (let i = 0; i < ADDRESS_MAX; i++) {
          expect((await signIn(`nobody-${i}@limits.test`, 'guess', attacker)).status).toBe(401);
        }
        const runs = await argon2Runs();
        expectRefused(await signIn('nobody-else@limits.test', 'guess', attacker), 'RATE_LIMITED', 60);
        expect(await argon2Runs()).toBe(runs);
        // Another client is not locked out by that one.
        const user = await makeUser(t);
        expect((await signIn(user.email, user.password)).status).toBe(200);
      });

      it('per account: wrong passwords from many addresses end in 429 before any check, even for the right one', async () => {
        const victim = await makeUser(t);
        for (let i = 0; i < PASSWORD_MAX; i++) {
          const res = await signIn(victim.email.toUpperCase(), `guess ${i}`);
          expect(res.json.error.code).toBe('INVALID_CREDENTIALS');
        }
        const runs = await argon2Runs();
        expectRefused(
          await signIn(victim.email, victim.password),
          'TOO_MANY_PASSWORD_ATTEMPTS',
          PASSWORD_WINDOW_SECONDS,
        );
        expect(await argon2Runs(), 'no hashing once refused').toBe(runs);
        // Other accounts are unaffected, and the victim's devices stay signed in.
        const other = await makeUser(t);
        expect((await signIn(other.email, other.password)).status).toBe(200);
        const me = await callFrom(t, 'GET', 'v1/me', { token: victim.accessToken, from: nextAddress() });
        expect(me.status).toBe(200);
      });

      it('an unknown address is limited exactly like a known one (the limit reveals no account)', async () => {
        const email = `ghost-${randomBytes(4).toString('hex')}@limits.test`;
        for (let i = 0; i < PASSWORD_MAX; i++) expect((await signIn(email, 'guess')).status).toBe(401);
        expectRefused(await signIn(email, 'guess'), 'TOO_MANY_PASSWORD_ATTEMPTS', PASSWORD_WINDOW_SECONDS);
      });

      it('successful sign-ins do not count against the account', async () => {
        const user = await makeUser(t);
        for (let i = 0; i < PASSWORD_MAX + 2; i++) expect((await signIn(user.email, user.password)).status).toBe(200);
      });
    });

    describe('PUT v1/me/password', () => {
      const change = (token: string, oldPassword: string, from = nextAddress()) =>
        callFrom(t, 'PUT', 'v1/me/password', { token, from, body: { oldPassword, newPassword: 'a brand new one' } });

      it('per account: a stolen token cannot try old passwords beyond RATE_LIMIT_PASSWORD_MAX', async () => {
        const user = await makeUser(t);
        for (let i = 0; i < PASSWORD_MAX; i++) {
          expect((await change(user.accessToken, `guess ${i}`)).json.error.code).toBe('WRONG_PASSWORD');
        }
        const runs = await argon2Runs();
        expectRefused(
          await change(user.accessToken, user.password),
          'TOO_MANY_PASSWORD_ATTEMPTS',
          PASSWORD_WINDOW_SECONDS,
        );
        expect(await argon2Runs()).toBe(runs);
      });

      it('per address: RATE_LIMIT_AUTH_MAX a minute, across accounts', async () => {
        const [a, b] = [await makeUser(t), await makeUser(t)];
        const from = nextAddress();
        for (let i = 0; i < ADDRESS_MAX; i++) {
          expect((await change(i % 2 ? a.accessToken : b.accessToken, 'guess', from)).status).toBe(400);
        }
        expectRefused(await change(a.accessToken, a.password, from), 'RATE_LIMITED', 60);
        expect((await change(a.accessToken, a.password)).status).toBe(204);
      });
    });

    describe('POST v1/test-rehearsal/{id}/join', () => {
      const setUp = async () => {
        const admin = await makeUser(t, { email: ADMIN, username: `admin${randomBytes(4).toString('hex')}` });
        const created = await callFrom<{ id: string }>(t, 'POST', 'v1/test-rehearsal', {
          token: admin.accessToken,
          from: nextAddress(),
          body: { name: 'Limits', password: 'the right one' },
        });
        expect(created.status, created.text).toBe(201);
        const tester = await makeUser(t, { email: `t-${randomBytes(4).toString('hex')}${TESTERS}` });
        return { id: created.json.id, tester };
      };
      const join = (token: string, id: string, password: string, from = nextAddress()) =>
        callFrom(t, 'POST', `v1/test-rehearsal/${id}/join`, { token, from, body: { password } });
      let session: Awaited<ReturnType<typeof setUp>> | undefined;
      const once = async () => (session ??= await setUp());

      it('per account: wrong passwords end in 429 before any check', async () => {
        const { id, tester } = await once();
        for (let i = 0; i < PASSWORD_MAX; i++) {
          expect((await join(tester.accessToken, id, `guess ${i}`)).json.error.code).toBe('WRONG_PASSWORD');
        }
        const runs = await argon2Runs();
        expectRefused(
          await join(tester.accessToken, id, 'the right one'),
          'TOO_MANY_PASSWORD_ATTEMPTS',
          PASSWORD_WINDOW_SECONDS,
        );
        expect(await argon2Runs()).toBe(runs);
      });

      it('per address: RATE_LIMIT_AUTH_MAX a minute', async () => {
        const { id } = await once();
        const tester = await makeUser(t, { email: `u-${randomBytes(4).toString('hex')}${TESTERS}` });
        const from = nextAddress();
        // Unknown sessions count too: the address pays before anything is looked up.
        for (let i = 0; i < ADDRESS_MAX; i++) {
          expect(
            (await join(tester.accessToken, i ? id : '00000000-0000-4000-8000-000000000000', 'x', from)).status,
          ).toBe(i ? 400 : 404);
        }
        expectRefused(await join(tester.accessToken, id, 'x', from), 'RATE_LIMITED', 60);
      });
    });

    describe('password recovery', () => {
      it('checks the token before hashing: a flood of made-up tokens runs no argon2 at all', async () => {
        const runs = await argon2Runs();
        for (let i = 0; i < 20; i++) {
          const res = await callFrom(t, 'POST', 'v1/accounts/recover-password', {
            from: nextAddress(),
            body: { token: randomBytes(32).toString('base64url'), password: 'a new password' },
          });
          expect(res.json.error.code).toBe('INVALID_LINK');
        }
        expect(await argon2Runs()).toBe(runs);
      });

      it('limits recover-password and forgot-password per address', async () => {
        for (const [url, body] of [
          ['v1/accounts/recover-password', { token: 'made-up', password: 'a new password' }],
          ['v1/accounts/forgot-password', { email: 'someone@limits.test' }],
        ] as const) {
          const from = nextAddress();
          for (let i = 0; i < ADDRESS_MAX; i++)
            expect((await callFrom(t, 'POST', url, { from, body })).status).not.toBe(429);
          expectRefused(await callFrom(t, 'POST', url, { from, body }), 'RATE_LIMITED', 60);
        }
      });

      it('forgot-password answers the same way for a known and an unknown address; the email follows', async () => {
        const user = await makeUser(t);
        const before = t.mail.messages.length;
        const known = await callFrom(t, 'POST', 'v1/accounts/forgot-password', {
          from: nextAddress(),
          body: { email: user.email },
        });
        const unknown = await callFrom(t, 'POST', 'v1/accounts/forgot-password', {
          from: nextAddress(),
          body: { email: `no-${user.email}` },
        });
        expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
        // Nothing about the address was done before answering; the background work then sends one email.
        await t.app.tutti.background.drain();
        expect(t.mail.messages.length).toBe(before + 1);
        expect(t.mail.lastTo(user.email)).toBeDefined();
      });
    });

    it('documents 429 on every limited endpoint in the OpenAPI document', async () => {
      const res = await callFrom<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(
        t,
        'GET',
        'docs/json',
        { from: nextAddress() },
      );
      expect(res.status).toBe(200);
      for (const [path, method] of [
        ['/api/v1/auth', 'post'],
        ['/api/v1/me/password', 'put'],
        ['/api/v1/test-rehearsal/{id}/join', 'post'],
        ['/api/v1/accounts/recover-password', 'post'],
      ] as const) {
        expect(res.json.paths[path]?.[method]?.responses['429'], `${method} ${path}`).toBeDefined();
      }
    });
  },
);
