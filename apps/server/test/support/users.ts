import { randomBytes } from 'node:crypto';
import type { AuthTokens, CurrentUser } from '@tutti/contract/accounts';
import { expect } from 'vitest';
import { call, type TestApp } from './app.ts';

export interface NewUser {
  email: string;
  username: string;
  password: string;
  birthdate: string;
  locale?: 'en' | 'fr';
}

export interface SignedInUser extends NewUser {
  id: string;
  serial: string;
  accessToken: string;
  refreshToken: string;
  deviceId: string;
}

/** A user no other test uses: suites share a database on PostgreSQL. */
export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const suffix = randomBytes(5).toString('hex');
  return {
    email: `user-${suffix}@example.com`,
    username: `user${suffix}`,
    password: 'correct horse',
    birthdate: '1990-05-17',
    ...overrides,
  };
}

export const newSerial = (): string => `serial-${randomBytes(8).toString('hex')}`;

export function agentHeader(serial: string, app = 'tutti-web/1.0.0'): Record<string, string> {
  return { 'x-agent': JSON.stringify({ app, serial, nals: '0.11.0' }) };
}

/** The token of the latest email to that address, read from its text as a person would read the link. */
export function tokenFromEmail(t: TestApp, email: string, path: string): string {
  const message = t.mail.lastTo(email);
  expect(message, `an email to ${email}`).toBeDefined();
  const match = new RegExp(`${t.config.publicUrl}${path}\\?token=([A-Za-z0-9_-]+)`).exec(message?.text ?? '');
  expect(match, `a ${path} link in the email`).not.toBeNull();
  return match?.[1] ?? '';
}

export async function signUp(t: TestApp, user: NewUser): Promise<string> {
  const res = await call<{ id: string }>(t, 'POST', 'v1/accounts', { body: user });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
}

export async function confirmEmail(t: TestApp, email: string): Promise<void> {
  const token = tokenFromEmail(t, email, '/users/validate-account');
  const res = await call(t, 'POST', 'v1/accounts/validate', { body: { token } });
  expect(res.status, res.text).toBe(204);
}

export async function signIn(t: TestApp, email: string, password: string, serial = newSerial()) {
  const res = await call<AuthTokens>(t, 'POST', 'v1/auth', { body: { email, password }, headers: agentHeader(serial) });
  expect(res.status, res.text).toBe(200);
  return { ...res.json, serial };
}

export async function currentDeviceId(t: TestApp, accessToken: string): Promise<string> {
  const res = await call<{ id: string; current: boolean }[]>(t, 'GET', 'v1/me/devices', { token: accessToken });
  const current = res.json.find((d) => d.current);
  expect(current).toBeDefined();
  return current?.id ?? '';
}

/** Signed up, confirmed from the email, signed in on a new device. */
export async function createUser(t: TestApp, overrides: Partial<NewUser> = {}): Promise<SignedInUser> {
  const user = newUser(overrides);
  const id = await signUp(t, user);
  await confirmEmail(t, user.email);
  const tokens = await signIn(t, user.email, user.password);
  const deviceId = await currentDeviceId(t, tokens.accessToken);
  return {
    ...user,
    id,
    serial: tokens.serial,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    deviceId,
  };
}

export async function getMe(t: TestApp, token: string): Promise<CurrentUser> {
  const res = await call<CurrentUser>(t, 'GET', 'v1/me', { token });
  expect(res.status, res.text).toBe(200);
  return res.json;
}
