import { publicRoutes } from 'virtual:tutti-contract';
import { createApiClient } from './api-client';
import { agentHeaderValue } from './agent';
import { currentLanguage } from './i18n';
import { getRuntimeConfig } from './runtime-config';
import { clearSession, dropAccessToken, getAccessToken, getRefreshToken, hasSession, storeTokens } from './session';
import { loadAllRoutes } from './route-table';

let logoutHandler: () => void = () => undefined;

/** The app installs what "logged out" means (clear caches, go to the login page) once its router exists. */
export function setLogoutHandler(handler: () => void): void {
  logoutHandler = handler;
}

// Web Locks are missing in some browsers and in tests: without them, refreshes are serialized per tab only.
const locks: LockManager | undefined =
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;

async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!locks) return fn();
  let result!: T;
  await locks.request(name, async () => {
    result = await fn();
  });
  return result;
}

/** The one API client of the web: every call goes through the contract's endpoint table. */
export const api = createApiClient({
  routes: publicRoutes,
  allRoutes: async () => (await loadAllRoutes()).routes,
  fetch: (...args) => fetch(...args),
  baseUrl: () => getRuntimeConfig().apiUrl,
  language: currentLanguage,
  agent: () => agentHeaderValue(),
  tokens: {
    getAccess: getAccessToken,
    getRefresh: getRefreshToken,
    store: storeTokens,
    dropAccess: dropAccessToken,
    clear: clearSession,
    hasSession,
  },
  onLogout: () => logoutHandler(),
  lock: withLock,
});
