import { matchRoutes, type RouteObject } from 'react-router';
import { PATHS } from '../lib/paths';

/**
 * A route of the table that `/deeplink?to=…` may open, with the query parameters it keeps (its page reads them; any
 * other is dropped). Set as the route's `handle`, so the allowlist is the route table itself: a route that is not
 * marked is never a deep link's target, and a renamed path stays allowed.
 */
export interface DeepLinkHandle {
  deepLink: { query: readonly string[] };
}

export const deepLinkTarget = (...query: string[]): DeepLinkHandle => ({ deepLink: { query } });

/** Longer `to` values are refused: no target of the table comes near, and a long one is only good for tricks. */
export const DEEP_LINK_MAX_LENGTH = 512;
const QUERY_VALUE_MAX_LENGTH = 200;

/** ASCII controls, C1 controls, any whitespace (tab, newline, NBSP, BOM, line separators…) and backslashes. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\s\\]/;
/**
 * One path segment: the characters of the ids (UUIDs) and usernames (alphanumeric) the targets take. No `%` (so no
 * encoded or double-encoded slash, dot or scheme), no `.` (no `..` traversal), no `:` (no scheme), no empty segment
 * (no `//host`).
 */
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

function isDeepLinkHandle(handle: unknown): handle is DeepLinkHandle {
  if (typeof handle !== 'object' || handle === null || !('deepLink' in handle)) return false;
  const { deepLink } = handle as { deepLink: unknown };
  return typeof deepLink === 'object' && deepLink !== null && Array.isArray((deepLink as { query?: unknown }).query);
}

/**
 * Where `/deeplink?to=…` leads: `to` when it is the path of a route the table marks as a deep-link target (with the
 * query parameters that route keeps), otherwise the hall. The answer is always a path of this site built from checked
 * parts, never `to` itself when anything about it is doubtful: absolute URLs, `//host`, `/\host`, schemes
 * (`javascript:`, `data:`), percent-encoded or double-encoded variants, control characters and whitespace, `..`
 * segments and overly long values all go to the hall. The fragment is dropped.
 */
export function resolveDeepLink(to: string | null | undefined, routes: RouteObject[]): string {
  if (!to || to.length > DEEP_LINK_MAX_LENGTH || FORBIDDEN.test(to)) return PATHS.hall;
  const withoutFragment = to.split('#', 1)[0] ?? '';
  const queryAt = withoutFragment.indexOf('?');
  const path = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const query = queryAt === -1 ? '' : withoutFragment.slice(queryAt + 1);

  if (!path.startsWith('/')) return PATHS.hall;
  if (
    !path
      .slice(1)
      .split('/')
      .every((segment) => SEGMENT.test(segment))
  )
    return PATHS.hall;

  const handle = matchRoutes(routes, path)?.at(-1)?.route.handle;
  if (!isDeepLinkHandle(handle)) return PATHS.hall;

  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of handle.deepLink.query) {
    const value = given.get(name);
    if (value !== null && value.length <= QUERY_VALUE_MAX_LENGTH) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}
