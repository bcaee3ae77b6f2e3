import type { Access } from '@tutti/contract/http';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import type { AccountRow } from './schema.ts';
import type { AccessTokens } from './tokens.ts';

/** What a verified request knows about its caller, loaded in one query. */
export interface AuthContext {
  accountId: string;
  deviceId: string;
  account: AccountRow;
  privileges: string[];
}

export interface SessionRecord {
  account: AccountRow;
  privileges: string[];
  deviceLastUsedAt: Date;
}

/** Loads the account of a live (not revoked) device of that account; null when the device is gone or revoked. */
export type SessionLoader = (accountId: string, deviceId: string) => Promise<SessionRecord | null>;
export type DeviceToucher = (deviceId: string) => Promise<void>;

export const ADMIN_PRIVILEGE = 'CORE_ADMIN';
/** May join test rehearsals (administrators may too). */
export const TESTER_PRIVILEGE = 'TUTTI_MU';

export const isTester = (privileges: string[]): boolean =>
  privileges.includes(TESTER_PRIVILEGE) || privileges.includes(ADMIN_PRIVILEGE);

/** Stamping last use on every request would turn each read into a write; once a minute is precise enough. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface Guard {
  authenticate(request: FastifyRequest, access: Exclude<Access, 'public'>): Promise<AuthContext>;
  /** The same checks on a bare access token (the broker's browser connections carry it as their password). */
  verify(accessToken: string, access: Exclude<Access, 'public'>): Promise<AuthContext>;
}

export function createGuard(deps: {
  tokens: AccessTokens;
  loadSession: SessionLoader;
  touchDevice: DeviceToucher;
  runInBackground: (label: string, task: () => Promise<unknown>) => void;
  now: () => Date;
}): Guard {
  const verify: Guard['verify'] = async (accessToken, access) => {
    const claims = await deps.tokens.verify(accessToken);
    const session = await deps.loadSession(claims.accountId, claims.deviceId);
    if (!session) throw new AppError(403, 'SESSION_REVOKED', 'This device has been signed out.');
    if (access === 'admin' && !session.privileges.includes(ADMIN_PRIVILEGE)) {
      throw new AppError(403, 'FORBIDDEN', 'You are not allowed to do this.');
    }
    if (access === 'tester' && !isTester(session.privileges)) {
      throw new AppError(403, 'FORBIDDEN', 'You are not allowed to do this.');
    }
    if (deps.now().getTime() - session.deviceLastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      deps.runInBackground('touch device', () => deps.touchDevice(claims.deviceId));
    }
    return { ...claims, account: session.account, privileges: session.privileges };
  };
  return {
    verify,
    async authenticate(request, access) {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
      if (!match?.[1]) throw new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
      return verify(match[1], access);
    },
  };
}
