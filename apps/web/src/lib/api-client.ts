import type { BodyOf, EndpointName, ParamsOf, QueryOf, ResponseOf } from '@tutti/contract/http';
import type { RouteInfo } from 'virtual:tutti-contract';
import type { AuthTokens } from '@tutti/contract/accounts';
import { ApiError, apiErrorFromResponse, networkError } from './api-error';
import { isTokenExpired } from './jwt';

type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
export type CallInput<N extends EndpointName> = Slot<'params', ParamsOf<N>> &
  Slot<'body', BodyOf<N>> & {
    query?: QueryOf<N>;
    signal?: AbortSignal;
    /** multipart/form-data for upload endpoints (the browser sets the boundary header itself). */
    form?: FormData;
    /** A public route that answers more to whom it knows (GET v1/system to an administrator): the session's token
     *  goes with it when there is one. Member routes always send it. */
    withSession?: boolean;
  };
/** The input argument may be left out only when the endpoint needs neither params nor body. */
export type CallArgs<N extends EndpointName> =
  Record<string, never> extends Omit<CallInput<N>, 'query' | 'signal' | 'form'>
    ? [input?: CallInput<N>]
    : [input: CallInput<N>];

export interface TokenStore {
  getAccess(): string | null;
  getRefresh(): string | null;
  store(tokens: AuthTokens): void;
  dropAccess(): void;
  /** Clears tokens and the current user. */
  clear(): void;
  /** True when anything of a session is left (tokens or user). */
  hasSession(): boolean;
}

export interface ApiClientDeps {
  /** The contract's route table (method, path, access, response kind): at hand, the public routes at least. */
  routes: Partial<{ [N in EndpointName]: RouteInfo<N> }>;
  /** The whole table, fetched when a route is not at hand (a guest's pages never need it). */
  allRoutes?: () => Promise<{ [N in EndpointName]: RouteInfo<N> }>;
  fetch: typeof fetch;
  baseUrl: () => string;
  language: () => string;
  agent: () => string;
  tokens: TokenStore;
  /** Called after the session was cleared by a 401 on refresh or a 403: the app goes to the login page. */
  onLogout: () => void;
  /** Serializes refreshes across tabs, so two tabs never spend the same refresh token (a replay revokes it). */
  lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
  now?: () => number;
}

export interface ApiClient {
  call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ResponseOf<N>>;
  /** Refreshes the tokens now (single flight); resolves false when the session is gone. */
  refresh(): Promise<boolean>;
}

const REFRESH_LOCK = 'tutti-refresh-token';

/** 'v1/accounts/{id}/email' with {id: 'x'} -> 'v1/accounts/x/email' (same rule as the contract's fillPath). */
export function fillPath(path: string, params?: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params?.[k] ?? ''));
}

/** A 401 about the token itself; other 401s (wrong password on a form…) are answers, not lost sessions. */
const isSessionFailure = (error: ApiError) =>
  error.status === 401 &&
  (error.code === 'UNAUTHENTICATED' || error.code === 'TOKEN_EXPIRED' || error.code === 'UNKNOWN');

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? Date.now;
  const lock = deps.lock ?? ((_name, fn) => fn());
  let refreshing: Promise<boolean> | null = null;

  function headers(withAuth: boolean, hasBody: boolean): Headers {
    const h = new Headers({ Accept: 'application/json, text/plain', 'Accept-Language': deps.language() });
    h.set('X-Agent', deps.agent());
    if (hasBody) h.set('Content-Type', 'application/json');
    const access = deps.tokens.getAccess();
    if (withAuth && access) h.set('Authorization', `Bearer ${access}`);
    return h;
  }

  function url(path: string, query?: Record<string, unknown>): string {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
    const qs = search.toString();
    return `${deps.baseUrl()}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(init: {
    method: string;
    path: string;
    body?: unknown;
    form?: FormData;
    query?: object;
    auth: boolean;
    signal?: AbortSignal;
  }) {
    try {
      return await deps.fetch(url(init.path, init.query as Record<string, unknown> | undefined), {
        method: init.method,
        headers: headers(init.auth, init.body !== undefined),
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
        signal: init.signal,
      });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw networkError(cause);
    }
  }

  function logout(): void {
    deps.tokens.clear();
    deps.onLogout();
  }

  async function doRefresh(): Promise<boolean> {
    return lock(REFRESH_LOCK, async () => {
      // Read inside the lock: another tab may have rotated the token while we waited.
      const refreshToken = deps.tokens.getRefresh();
      if (!refreshToken) return false;
      const def = await routeOf('refresh');
      const res = await send({ method: def.method, path: def.path, body: { refreshToken }, auth: false });
      if (res.ok) {
        deps.tokens.store((await res.json()) as AuthTokens);
        return true;
      }
      const error = await apiErrorFromResponse(res);
      if (res.status === 401 || res.status === 403) {
        logout();
        return false;
      }
      throw error;
    });
  }

  function refresh(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function accessUsable(): boolean {
    const access = deps.tokens.getAccess();
    return access !== null && !isTokenExpired(access, now());
  }

  async function routeOf<N extends EndpointName>(name: N): Promise<RouteInfo<N>> {
    const def = deps.routes[name] ?? (await deps.allRoutes?.())?.[name];
    if (!def) throw new Error(`No route ${name} in the contract's table`);
    return def as RouteInfo<N>;
  }

  async function call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ResponseOf<N>> {
    // A member call's route comes with the full table, a chunk of its own on a signed-in start: the session's refresh
    // (a public route) goes out meanwhile, not after it (issue 9: the first call of a page load). Awaited below.
    const early = !deps.routes[name] && deps.tokens.getRefresh() && !accessUsable() ? refresh() : null;
    early?.catch(() => undefined);
    const def = await routeOf(name);
    const input = (args[0] ?? {}) as {
      params?: Record<string, string>;
      body?: unknown;
      query?: object;
      signal?: AbortSignal;
      form?: FormData;
      withSession?: boolean;
    };
    const needsAuth = def.access !== 'public';
    const sendsToken = needsAuth || (input.withSession === true && deps.tokens.hasSession());

    // Signed out (no token, no user): the server could only answer 401. Queries still mounted while the app leaves
    // a page after signing out would otherwise fetch one each (the 401 seen on a session page after sign-out).
    if (needsAuth && !deps.tokens.hasSession()) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');

    // Spec section 4: refresh first when a refresh token is stored and the access token is missing or expired.
    if (sendsToken && deps.tokens.getRefresh() && !accessUsable() && !(await (early ?? refresh()))) {
      // The refresh was refused and the session is gone: a member call would only be refused too; a public one
      // goes out without a token.
      if (needsAuth) throw new ApiError(401, 'UNAUTHENTICATED', 'Session expired');
    }

    const request = () =>
      send({
        method: def.method,
        path: fillPath(def.path, input.params),
        body: input.body,
        form: input.form,
        query: input.query,
        auth: sendsToken,
        signal: input.signal,
      });

    let res = await request();
    let error = res.ok ? null : await apiErrorFromResponse(res);
    // The token expired or was not recognised between the check and the server: one refresh, one retry.
    if (error && isSessionFailure(error) && needsAuth && deps.tokens.getRefresh()) {
      deps.tokens.dropAccess();
      if (await refresh()) {
        res = await request();
        error = res.ok ? null : await apiErrorFromResponse(res);
      }
    }

    if (error) {
      // Spec section 4: any 403 logs out. A 401 that is about the session (not, say, a wrong password) too.
      const sessionLost = error.status === 403 || (needsAuth && isSessionFailure(error));
      if (sessionLost && deps.tokens.hasSession()) logout();
      throw error;
    }
    if (def.response === null || res.status === 204) return undefined as ResponseOf<N>;
    if (def.response === 'text') return (await res.text()) as ResponseOf<N>;
    if (def.response === 'image') return (await res.blob()) as ResponseOf<N>;
    return (await res.json()) as ResponseOf<N>;
  }

  return { call, refresh };
}
