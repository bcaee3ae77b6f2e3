import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createAccessTokens, hashToken, loadJwtSecret, randomToken } from './tokens.ts';

const SECRET = 's'.repeat(40);
const ids = { accountId: '0b5f4b4e-8f5e-4c59-9b8e-0d6d2a3b1c01', deviceId: '7d3e2f10-1a2b-4c3d-8e9f-a0b1c2d3e4f5' };

describe('access tokens', () => {
  it('round-trips the account and device ids', async () => {
    const tokens = createAccessTokens(SECRET, 900, () => new Date());
    expect(await tokens.verify(await tokens.sign(ids))).toEqual(ids);
  });

  it('reports expiry distinctly from invalidity', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const tokens = createAccessTokens(SECRET, 60, () => now);
    const token = await tokens.sign(ids);
    now = new Date('2026-01-01T00:01:01Z');
    await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
    const other = createAccessTokens('o'.repeat(40), 60, () => now);
    await expect(other.verify(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(tokens.verify('not.a.jwt')).rejects.toBeInstanceOf(AppError);
  });

  it('still expires a token it has already verified', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const tokens = createAccessTokens(SECRET, 60, () => now);
    const token = await tokens.sign(ids);
    expect(await tokens.verify(token)).toEqual(ids);
    now = new Date('2026-01-01T00:01:00Z');
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refuses claims that are not ids', async () => {
    const tokens = createAccessTokens(SECRET, 60, () => new Date());
    const token = await tokens.sign({ accountId: "x' or 1=1", deviceId: ids.deviceId });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('opaque tokens', () => {
  it('are random, URL-safe, and hashed deterministically', () => {
    const a = randomToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toBe(a);
  });
});

describe('loadJwtSecret', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers JWT_SECRET, else generates one file once and reuses it', () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-secret-'));
    expect(loadJwtSecret(SECRET, dir)).toBe(SECRET);
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(false);
    const generated = loadJwtSecret(null, join(dir, 'nested'));
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'nested', 'jwt-secret'), 'utf8').trim()).toBe(generated);
    expect(statSync(join(dir, 'nested', 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadJwtSecret(null, join(dir, 'nested'))).toBe(generated);
  });
});
