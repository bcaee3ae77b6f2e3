import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { extractLink, readOutbox, tokenOf, waitForNewMail } from './mail.ts';

export type Lang = 'en' | 'fr';

export interface TestUser {
  email: string;
  password: string;
  username: string;
  birthdate: string;
  id?: string;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  accountId: string;
}

/**
 * A user nobody else in this run has: e2e files run in parallel against one database. `domain` picks the email's
 * domain, which decides roles (the e2e server gives TUTTI_MU to TESTER_DOMAIN accounts).
 */
export function newUser(prefix = 'u', domain = 'example.com'): TestUser {
  const suffix = randomBytes(5).toString('hex');
  return {
    email: `${prefix}.${suffix}@${domain}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    username: `${prefix}${suffix}`,
    birthdate: '1990-04-12',
  };
}

/** The agent header the web sends; its serial names the device at sign-in. */
export function agentHeader(serial: string = randomUUID()): Record<string, string> {
  return { 'X-Agent': JSON.stringify({ app: 'tutti-e2e/1.0.0', serial, nals: '0.11.0' }) };
}

export function bearer(accessToken: string, serial: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}`, ...agentHeader(serial) };
}

async function expectStatus(res: APIResponse, status: number, what: string): Promise<void> {
  if (res.status() !== status) throw new Error(`${what}: expected ${status}, got ${res.status()} ${await res.text()}`);
}

/** The `error.code` of an error body; works for API responses and for the browser's own responses. */
export async function errorCodeOf(res: Pick<APIResponse, 'json'>): Promise<string | undefined> {
  const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code;
}

export async function signUpViaApi(request: APIRequestContext, user: TestUser, locale: Lang = 'en'): Promise<string> {
  const res = await request.post('/api/v1/accounts', {
    headers: agentHeader(),
    data: { email: user.email, password: user.password, username: user.username, birthdate: user.birthdate, locale },
  });
  await expectStatus(res, 201, `sign-up of ${user.email}`);
  const { id } = (await res.json()) as { id: string };
  user.id = id;
  return id;
}

/** Opens (through the API) the newest confirmation link the outbox holds for this user. */
export async function confirmViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const mail = await waitForNewMail(user.email);
  const token = tokenOf(extractLink(mail, 'validate-account'));
  const res = await request.post('/api/v1/accounts/validate', { headers: agentHeader(), data: { token } });
  await expectStatus(res, 204, `validation of ${user.email}`);
  await consumeOnboardingHint(request, user);
}

/** The confirmation sends the first app start to the onboarding (docs/decisions/0039-onboarding-checklist.md). Journeys
 *  about something else take that first app start through the API, on a device signed out at once, so that their
 *  browser opens where they expect; onboarding.spec.ts confirms through the page and keeps it. */
async function consumeOnboardingHint(request: APIRequestContext, user: TestUser): Promise<void> {
  const serial = randomUUID();
  const tokens = await signInViaApi(request, user, serial);
  const hint = await request.get('/api/v1/me/appstart', { headers: bearer(tokens.accessToken, serial) });
  await expectStatus(hint, 200, `app start of ${user.email}`);
  const out = await request.delete('/api/v1/auth', { headers: bearer(tokens.accessToken, serial) });
  await expectStatus(out, 204, `sign-out of ${user.email}`);
}

/** For journeys whose subject is not the sign-up itself: a confirmed account made through the API, never signed in. */
export async function createConfirmedUser(
  request: APIRequestContext,
  opts: { prefix?: string; locale?: Lang; domain?: string } = {},
): Promise<TestUser> {
  const user = newUser(opts.prefix, opts.domain);
  await signUpViaApi(request, user, opts.locale);
  await confirmViaApi(request, user);
  return user;
}

export async function signInViaApi(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
  serial: string,
): Promise<Tokens> {
  const res = await request.post('/api/v1/auth', {
    headers: agentHeader(serial),
    data: { email: user.email, password: user.password },
  });
  await expectStatus(res, 200, `sign-in of ${user.email}`);
  return (await res.json()) as Tokens;
}

export async function refreshViaApi(
  request: APIRequestContext,
  refreshToken: string,
  serial: string,
): Promise<APIResponse> {
  return request.post('/api/v1/auth/refresh', { headers: agentHeader(serial), data: { refreshToken } });
}

/** Asks for a recovery email and returns the link it carries. */
export async function requestRecoveryLink(request: APIRequestContext, email: string): Promise<string> {
  const before = (await readOutbox(email)).length;
  const res = await request.post('/api/v1/accounts/forgot-password', { headers: agentHeader(), data: { email } });
  expect(res.status(), await res.text()).toBe(204);
  return extractLink(await waitForNewMail(email, before), 'recover-password');
}
