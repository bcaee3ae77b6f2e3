import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

/** An unguessable URL-safe token (refresh tokens, emailed links, NALS tokens). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Stored form of a token: a database leak does not yield usable tokens, and lookup stays an index hit. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The configured secret when set, else one generated on the first start and kept in DATA_DIR/<fileName>
 *  (readable by the owner only), so restarts keep it. */
export function loadStoredSecret(configured: string | null, dataDir: string, fileName: string): string {
  if (configured) return configured;
  const file = join(dataDir, fileName);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** JWT_SECRET when set, else a secret generated on the first start and kept in DATA_DIR/jwt-secret. */
export const loadJwtSecret = (configured: string | null, dataDir: string): string =>
  loadStoredSecret(configured, dataDir, 'jwt-secret');

/** A UUID as Postgres writes them (ids in tokens, broker usernames, webhook metadata). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  accountId: string;
  deviceId: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** Throws AppError 401 UNAUTHENTICATED or TOKEN_EXPIRED. */
  verify(token: string): Promise<AccessClaims>;
  ttlSeconds: number;
}

/** Verified tokens, so a client's repeated requests skip the HMAC: a token verified once stays authentic (only its
 *  expiry, checked on every use, and its device's revocation, checked by the guard, can end it). */
const VERIFIED_CACHE_MAX = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number, now: () => Date): AccessTokens {
  // Imported once: jose would otherwise import the raw secret again on every sign and verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, AccessClaims & { exp: number }>();
  const expired = () => new AppError(401, 'TOKEN_EXPIRED', 'The access token has expired.');
  const invalid = () => new AppError(401, 'UNAUTHENTICATED', 'The access token is invalid.');

  return {
    ttlSeconds,
    sign: async ({ accountId, deviceId }) => {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ did: deviceId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(accountId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await key);
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 <= now().getTime()) throw expired();
        return { accountId: known.accountId, deviceId: known.deviceId };
      }
      let payload;
      try {
        ({ payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now() }));
      } catch (e) {
        throw e instanceof errors.JWTExpired ? expired() : invalid();
      }
      const { sub, did, exp } = payload;
      if (typeof sub !== 'string' || typeof did !== 'string' || !UUID.test(sub) || !UUID.test(did)) throw invalid();
      if (typeof exp !== 'number') throw invalid();
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, { accountId: sub, deviceId: did, exp });
      return { accountId: sub, deviceId: did };
    },
  };
}
