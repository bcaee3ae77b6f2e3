/** What a caller gets from a route in the authorization matrix (apps/server/test/authz-matrix.test.ts): 'ok' is the
 *  route's own success status (200, 201 or 204), a number the refusal. */
export type Outcome = 'ok' | 401 | 403 | 404 | 409;
/** guest: no token. owner: the plain account owning the resource in the path (any plain account when the path
 *  names none). other: another plain account. admin: an administrator (CORE_ADMIN) who owns nothing there. */
export interface Authz {
  guest: Outcome;
  owner: Outcome;
  other: Outcome;
  admin: Outcome;
}
/** The usual rows; a route whose answer differs spells its own object. */
export const AUTHZ = {
  anyone: { guest: 'ok', owner: 'ok', other: 'ok', admin: 'ok' },
  signedIn: { guest: 401, owner: 'ok', other: 'ok', admin: 'ok' },
  /** Someone else's resource is the same 404 as an unknown one, administrators included. */
  ownerOnly: { guest: 401, owner: 'ok', other: 404, admin: 404 },
  /** Presence routes: a non-player is told NOT_IN_SESSION (409), whether or not they may see the session. */
  playerOnly: { guest: 401, owner: 'ok', other: 409, admin: 409 },
  /** The account itself or an administrator; another account gets the same 404 as an unknown one. */
  ownerOrAdmin: { guest: 401, owner: 'ok', other: 404, admin: 'ok' },
  /** Administrators (and, for tester routes, TUTTI_MU accounts, which the matrix does not use). */
  admins: { guest: 401, owner: 403, other: 403, admin: 'ok' },
} as const satisfies Record<string, Authz>;
