import { APP_START_ONBOARDING } from 'virtual:tutti-contract';
import { PATHS } from '../lib/paths';

/** Who may open a route: guests only, anyone, or signed-in users holding a role. */
export type RouteAccess = { kind: 'guest' } | { kind: 'public' } | { kind: 'role'; role: string };

export const GUEST: RouteAccess = { kind: 'guest' };
export const PUBLIC: RouteAccess = { kind: 'public' };
export const requireRole = (role: string): RouteAccess => ({ kind: 'role', role });
/** Spec section 2: every route but the guest ones requires CORE_GUEST. */
export const SIGNED_IN = requireRole('CORE_GUEST');
/** Spec section 6: the test rehearsal's join screen requires TUTTI_MU. */
export const TESTER = requireRole('TUTTI_MU');
/** The administration pages (products, promo codes, subscriptions): administrators only (ADMIN_EMAILS). */
export const ADMIN = requireRole('CORE_ADMIN');

export type AccessDecision =
  { type: 'allow' } | { type: 'redirect'; to: string; rememberTarget?: string } | { type: 'not-found' };

/**
 * Spec section 4, access check: signed-in users on guest-only routes go to the hall; a role-protected
 * route without a session remembers the target and goes to login; a missing role is not found.
 */
export function decideAccess(
  access: RouteAccess,
  user: { privileges: readonly string[] } | null,
  target: string,
): AccessDecision {
  if (access.kind === 'public') return { type: 'allow' };
  if (access.kind === 'guest') return user ? { type: 'redirect', to: PATHS.hall } : { type: 'allow' };
  if (!user) return { type: 'redirect', to: PATHS.login, rememberTarget: target };
  return user.privileges.includes(access.role) ? { type: 'allow' } : { type: 'not-found' };
}

/**
 * Spec section 4, app-start check: where the server's hint sends the user, or null to stay. The onboarding waits for
 * a start in the hall: a newcomer who followed a link (an invitation to a rehearsal) gets there first, and the hall's
 * checklist leads to the onboarding afterwards (docs/decisions/0039-onboarding-checklist.md).
 */
export function decideAppStart(hint: string, target: string = PATHS.hall): string | null {
  const trimmed = hint.trim();
  if (trimmed === '') return null;
  if (trimmed === APP_START_ONBOARDING) return target === PATHS.hall ? PATHS.onboarding : null;
  return `${PATHS.welcome}?t=${encodeURIComponent(trimmed)}`;
}
