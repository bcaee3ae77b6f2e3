import type { AuthTokens } from '@tutti/contract/accounts';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { passwordOperations } from '../../src/platform/passwords.ts';
import { call, type ApiResponse, type CallOptions, type TestApp } from './app.ts';
import { agentHeader, newSerial, newUser, tokenFromEmail, type NewUser } from './users.ts';

export type ErrorJson = { error: { code: string; fields?: Record<string, string> } };

export interface FromOptions extends CallOptions {
  from: string;
}

/** One API call from a given address: limits count per address, so each test picks its own. */
export const callFrom = <T = ErrorJson>(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  options: FromOptions,
): Promise<ApiResponse<T>> => call<T>(t, method, url, options);

let last = 0;
/** A fresh address (10/8), so that no two tests share a per-address budget. */
export function nextAddress(): string {
  last++;
  return `10.${(last >> 16) & 255}.${(last >> 8) & 255}.${last & 255}`;
}

/** Signed up, confirmed and signed in, each step from an address of its own. */
export async function makeUser(t: TestApp, overrides: Partial<NewUser> = {}) {
  const user = newUser(overrides);
  const up = await callFrom(t, 'POST', 'v1/accounts', { body: user, from: nextAddress() });
  expect(up.status, up.text).toBe(201);
  const token = tokenFromEmail(t, user.email, '/users/validate-account');
  expect((await callFrom(t, 'POST', 'v1/accounts/validate', { body: { token }, from: nextAddress() })).status).toBe(
    204,
  );
  return { ...user, ...(await signInFrom(t, user.email, user.password, nextAddress())) };
}

export async function signInFrom(t: TestApp, email: string, password: string, from: string, serial = newSerial()) {
  const res = await callFrom<AuthTokens>(t, 'POST', 'v1/auth', {
    body: { email, password },
    from,
    headers: agentHeader(serial),
  });
  expect(res.status, res.text).toBe(200);
  return { ...res.json, serial };
}

/** argon2 runs so far in this process (hashes and checks). */
export async function argon2Runs(): Promise<number> {
  const metric = await passwordOperations.get();
  return metric.values.reduce((sum, v) => sum + v.value, 0);
}

/** A 429 as the limiter answers it: the code, and a retry-after within the window. */
export function expectRefused(res: ApiResponse<ErrorJson>, code: string, maxSeconds: number): void {
  expect(res.status, res.text).toBe(429);
  expect(res.json.error.code).toBe(code);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}
