import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from 'virtual:tutti-contract-routes';
import type { AuthTokens } from '@tutti/contract/accounts';
import { createApiClient, fillPath, type ApiClientDeps } from './api-client';
import { ApiError } from './api-error';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const ACCOUNT_ID = '7d2f1c1e-3f1a-4c55-9a3e-2b9a8f0c1d20';

/** An unsigned JWT-shaped token: the client only reads exp. */
function jwt(expSeconds: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: ACCOUNT_ID, exp: expSeconds })}.sig`;
}
const validAccess = () => jwt(NOW / 1000 + 600);
const expiredAccess = () => jwt(NOW / 1000 - 60);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const errorBody = (code: string, extra: object = {}) => ({ error: { code, message: code, ...extra } });
const tokens = (access: string, refresh: string): AuthTokens => ({
  accessToken: access,
  refreshToken: refresh,
  expiresIn: 900,
  accountId: ACCOUNT_ID,
});
const me = { id: ACCOUNT_ID, username: 'alice' };

interface Harness {
  deps: ApiClientDeps;
  fetch: ReturnType<typeof vi.fn>;
  state: { access: string | null; refresh: string | null; user: boolean };
  onLogout: ReturnType<typeof vi.fn>;
}

function harness(responder: (url: string, init: RequestInit) => Response | Promise<Response>): Harness {
  const state = { access: null as string | null, refresh: null as string | null, user: false };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(responder(String(input), init ?? {})),
  );
  const onLogout = vi.fn();
  const deps: ApiClientDeps = {
    routes,
    fetch: fetchMock as unknown as typeof fetch,
    baseUrl: () => '/api/',
    language: () => 'fr',
    agent: () => JSON.stringify({ app: 'tutti-web/test', serial: 'serial-1234', nals: '' }),
    tokens: {
      getAccess: () => state.access,
      getRefresh: () => state.refresh,
      store: (t) => {
        state.access = t.accessToken;
        state.refresh = t.refreshToken;
      },
      dropAccess: () => {
        state.access = null;
      },
      clear: () => {
        state.access = null;
        state.refresh = null;
        state.user = false;
      },
      hasSession: () => state.access !== null || state.refresh !== null || state.user,
    },
    onLogout,
    now: () => NOW,
  };
  return { deps, fetch: fetchMock, state, onLogout };
}

const calledUrls = (h: Harness) => h.fetch.mock.calls.map(([url]) => String(url));
const headerOf = (h: Harness, call: number, name: string) =>
  new Headers((h.fetch.mock.calls[call]![1] as RequestInit).headers).get(name);

describe('api client', () => {
  let h: Harness;

  it('sends an upload as multipart form data, authenticated, without a JSON content type', async () => {
    h = harness(() => json(200, { id: 'x' }));
    h.state.access = validAccess();
    const form = new FormData();
    form.append('file', new Blob(['img'], { type: 'image/png' }), 'cover.jpg');
    await createApiClient(h.deps).call('setOpenRehearsalCover', { params: { id: 'abc' }, form });
    expect(calledUrls(h)).toEqual(['/api/v1/open-rehearsal/abc/cover-picture']);
    const init = h.fetch.mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(form);
    expect(headerOf(h, 0, 'Content-Type')).toBeNull();
    expect(headerOf(h, 0, 'Authorization')).toBe(`Bearer ${h.state.access}`);
  });

  describe('a public route that answers more to whom it knows (withSession)', () => {
    const system = { serverTime: new Date(NOW).toISOString() };

    it('carries the session token when asked, and only then', async () => {
      h = harness(() => json(200, system));
      h.state.access = validAccess();
      const client = createApiClient(h.deps);
      await client.call('getSystem');
      await client.call('getSystem', { withSession: true });
      expect(calledUrls(h)).toEqual(['/api/v1/system', '/api/v1/system']);
      expect(headerOf(h, 0, 'Authorization')).toBeNull();
      expect(headerOf(h, 1, 'Authorization')).toBe(`Bearer ${h.state.access}`);
    });

    it('refreshes an expired token first, and goes out without one when the session is gone', async () => {
      h = harness((url) =>
        url.endsWith('v1/auth/refresh') ? json(200, tokens(validAccess(), 'r-2')) : json(200, system),
      );
      h.state.refresh = 'r-1';
      h.state.access = expiredAccess();
      await expect(createApiClient(h.deps).call('getSystem', { withSession: true })).resolves.toEqual(system);
      expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh', '/api/v1/system']);
      expect(headerOf(h, 1, 'Authorization')).toBe(`Bearer ${h.state.access}`);

      h = harness((url) =>
        url.endsWith('v1/auth/refresh') ? json(401, errorBody('UNAUTHENTICATED')) : json(200, system),
      );
      h.state.refresh = 'r-1';
      await expect(createApiClient(h.deps).call('getSystem', { withSession: true })).resolves.toEqual(system);
      expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh', '/api/v1/system']);
      expect(headerOf(h, 1, 'Authorization')).toBeNull();
    });
  });

  describe('refresh before a call', () => {
    beforeEach(() => {
      h = harness((url) => {
        if (url.endsWith('v1/auth/refresh')) return json(200, tokens(validAccess(), 'refresh-2'));
        if (url.endsWith('v1/me')) return json(200, me);
        if (url.endsWith('v1/me/devices')) return json(200, []);
        return json(404, errorBody('NOT_FOUND'));
      });
    });

    it('refreshes first when a refresh token is stored and no access token is held', async () => {
      h.state.refresh = 'refresh-1';
      await expect(createApiClient(h.deps).call('getMe')).resolves.toEqual(me);
      expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh', '/api/v1/me']);
      expect(JSON.parse(String((h.fetch.mock.calls[0]![1] as RequestInit).body))).toEqual({
        refreshToken: 'refresh-1',
      });
      expect(headerOf(h, 1, 'Authorization')).toBe(`Bearer ${h.state.access}`);
      expect(h.state.refresh).toBe('refresh-2');
    });

    it('refreshes first when the access token has expired', async () => {
      h.state.refresh = 'refresh-1';
      h.state.access = expiredAccess();
      await createApiClient(h.deps).call('getMe');
      expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh', '/api/v1/me']);
    });

    it('does not refresh while the access token is valid', async () => {
      h.state.refresh = 'refresh-1';
      h.state.access = validAccess();
      await createApiClient(h.deps).call('getMe');
      expect(calledUrls(h)).toEqual(['/api/v1/me']);
    });

    it('sends the refresh while the full route table is still on its way (a signed-in start)', async () => {
      h.state.refresh = 'refresh-1';
      const publicOnly = Object.fromEntries(Object.entries(routes).filter(([, r]) => r.access === 'public'));
      let deliverTable!: () => void;
      const table = new Promise<typeof routes>((resolve) => (deliverTable = () => resolve(routes)));
      const client = createApiClient({ ...h.deps, routes: publicOnly as typeof routes, allRoutes: () => table });
      const answer = client.call('getMe');
      await vi.waitFor(() => expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh']));
      deliverTable();
      await expect(answer).resolves.toEqual(me);
      expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh', '/api/v1/me']);
    });

    it('a refused early refresh still refuses the member call, once', async () => {
      h = harness((url) => (url.endsWith('v1/auth/refresh') ? json(401, errorBody('UNAUTHENTICATED')) : json(200, me)));
      h.state.refresh = 'refresh-1';
      const publicOnly = Object.fromEntries(Object.entries(routes).filter(([, r]) => r.access === 'public'));
      const client = createApiClient({ ...h.deps, routes: publicOnly as typeof routes, allRoutes: async () => routes });
      await expect(client.call('getMe')).rejects.toMatchObject({ status: 401 });
      expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh']);
    });

    it('refreshes once for calls made together (single flight)', async () => {
      h.state.refresh = 'refresh-1';
      const client = createApiClient(h.deps);
      await Promise.all([client.call('getMe'), client.call('getMe'), client.call('listDevices')]);
      expect(calledUrls(h).filter((u) => u.endsWith('refresh'))).toHaveLength(1);
    });

    it('sends the agent and language headers on every call', async () => {
      h.state.access = validAccess();
      await createApiClient(h.deps).call('getMe');
      expect(JSON.parse(headerOf(h, 0, 'X-Agent')!)).toEqual({
        app: 'tutti-web/test',
        serial: 'serial-1234',
        nals: '',
      });
      expect(headerOf(h, 0, 'Accept-Language')).toBe('fr');
    });

    it('retries once through a refresh when the server says the token expired', async () => {
      let first = true;
      h = harness((url) => {
        if (url.endsWith('v1/auth/refresh')) return json(200, tokens(validAccess(), 'refresh-2'));
        if (first) {
          first = false;
          return json(401, errorBody('TOKEN_EXPIRED'));
        }
        return json(200, me);
      });
      h.state.refresh = 'refresh-1';
      h.state.access = validAccess();
      await expect(createApiClient(h.deps).call('getMe')).resolves.toEqual(me);
      expect(calledUrls(h)).toEqual(['/api/v1/me', '/api/v1/auth/refresh', '/api/v1/me']);
    });
  });

  describe('a 401 on refresh', () => {
    it('clears the authentication and logs out', async () => {
      h = harness((url) =>
        url.endsWith('v1/auth/refresh') ? json(401, errorBody('REFRESH_TOKEN_INVALID')) : json(200, me),
      );
      h.state.refresh = 'refresh-1';
      h.state.user = true;
      await expect(createApiClient(h.deps).call('getMe')).rejects.toBeInstanceOf(ApiError);
      expect(h.state).toEqual({ access: null, refresh: null, user: false });
      expect(h.onLogout).toHaveBeenCalledOnce();
      expect(calledUrls(h)).toEqual(['/api/v1/auth/refresh']);
    });

    it('keeps the session when the refresh fails for the network', async () => {
      h = harness(() => {
        throw new TypeError('Failed to fetch');
      });
      h.state.refresh = 'refresh-1';
      await expect(createApiClient(h.deps).call('getMe')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
      expect(h.state.refresh).toBe('refresh-1');
      expect(h.onLogout).not.toHaveBeenCalled();
    });
  });

  describe('a 403', () => {
    it('logs out from any call', async () => {
      h = harness(() => json(403, errorBody('SESSION_REVOKED')));
      h.state.refresh = 'refresh-1';
      h.state.access = validAccess();
      h.state.user = true;
      const error = await createApiClient(h.deps)
        .call('setPreferences', { body: { newsOptIn: true } })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 403, code: 'SESSION_REVOKED' });
      expect(h.state).toEqual({ access: null, refresh: null, user: false });
      expect(h.onLogout).toHaveBeenCalledOnce();
    });

    it('does not log out a guest who has no session', async () => {
      h = harness(() => json(403, errorBody('FORBIDDEN')));
      await expect(createApiClient(h.deps).call('health')).rejects.toMatchObject({ status: 403 });
      expect(h.onLogout).not.toHaveBeenCalled();
    });
  });

  describe('signed out', () => {
    it('does not send an authenticated call with nothing of a session left (it could only be refused)', async () => {
      h = harness(() => json(401, errorBody('UNAUTHENTICATED')));
      await expect(createApiClient(h.deps).call('getMe')).rejects.toMatchObject({
        status: 401,
        code: 'UNAUTHENTICATED',
      });
      expect(h.fetch).not.toHaveBeenCalled();
      expect(h.onLogout).not.toHaveBeenCalled();
    });

    it('still sends public calls', async () => {
      h = harness(() => new Response('ok', { status: 200 }));
      await expect(createApiClient(h.deps).call('health')).resolves.toBe('ok');
      expect(calledUrls(h)).toEqual(['/api/v1/health']);
    });
  });

  describe('errors', () => {
    it('parses the contract error body into a typed ApiError', async () => {
      h = harness(() =>
        json(
          400,
          errorBody('VALIDATION_FAILED', { fields: { email: 'email_taken' }, details: { accountId: ACCOUNT_ID } }),
        ),
      );
      const error = await createApiClient(h.deps)
        .call('signUp', { body: { email: 'a@b.co', password: 'secret12', username: 'alice', birthdate: '1990-01-01' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        fields: { email: 'email_taken' },
        details: { accountId: ACCOUNT_ID },
      });
    });

    it('does not log out on a 401 that is an answer, like wrong credentials', async () => {
      h = harness(() => json(401, errorBody('INVALID_CREDENTIALS')));
      h.state.user = true;
      h.state.refresh = 'refresh-1';
      h.state.access = validAccess();
      await expect(
        createApiClient(h.deps).call('changePassword', { body: { oldPassword: 'x', newPassword: 'longenough' } }),
      ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(h.onLogout).not.toHaveBeenCalled();
      expect(calledUrls(h)).toEqual(['/api/v1/me/password']);
    });

    it('names a failure without a JSON body by its status', async () => {
      h = harness(() => new Response('<html>Bad gateway</html>', { status: 502 }));
      await expect(createApiClient(h.deps).call('health')).rejects.toMatchObject({ status: 502, code: 'INTERNAL' });
    });
  });

  it('fills path parameters and reads text and empty answers', async () => {
    h = harness((url) =>
      url.endsWith('v1/health') ? new Response('ok', { status: 200 }) : new Response(null, { status: 204 }),
    );
    const client = createApiClient(h.deps);
    await expect(client.call('health')).resolves.toBe('ok');
    await expect(client.call('resendConfirmation', { params: { id: ACCOUNT_ID } })).resolves.toBeUndefined();
    expect(calledUrls(h)[1]).toBe(`/api/v1/accounts/${ACCOUNT_ID}/email`);
    expect(fillPath('v1/devices/{id}', { id: 'a/b' })).toBe('v1/devices/a%2Fb');
  });
});
