import { ApiError } from '../lib/api-error';
import { loadCurrentUser } from '../lib/current-user';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { clearSession, getRefreshToken } from '../lib/session';
import { fetchDeployedVersion, storeVersion } from '../lib/version';

/** Spec section 8: a failed startup load (version, config, me) is retried after 2 seconds. */
export const STARTUP_RETRY_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The start-up loads that failed and are being tried again: the boot screen says so while there are any. */
const failing = new Set<symbol>();
const failureListeners = new Set<() => void>();
const mark = (load: symbol, failed: boolean) => {
  if (failing.has(load) === failed) return;
  if (failed) failing.add(load);
  else failing.delete(load);
  failureListeners.forEach((listener) => listener());
};
export const startupFailures = (): number => failing.size;
export function onStartupFailures(listener: () => void): () => void {
  failureListeners.add(listener);
  return () => {
    failureListeners.delete(listener);
  };
}

/** Retries while the failure is the network's or the server's; a definite answer (4xx) is returned as thrown. */
async function retrying<T>(load: () => Promise<T>): Promise<T> {
  const id = Symbol('startup load');
  for (;;) {
    try {
      const result = await load();
      mark(id, false);
      return result;
    } catch (error) {
      if (error instanceof ApiError && !error.isTransient) {
        mark(id, false);
        throw error;
      }
      mark(id, true);
      await sleep(STARTUP_RETRY_MS);
    }
  }
}

let startup: Promise<void> | null = null;
let done = false;
let versionJustRead = false;

export const isStartupDone = () => done;

/**
 * True once, for the first navigation after startup: startup has just read the deployed version and stored it, so
 * that navigation's version check would read the same file again only to find it equal (one more request in the
 * chain before a signed-in page's first data).
 */
export function takeStartupVersionRead(): boolean {
  const fresh = versionJustRead;
  versionJustRead = false;
  return fresh;
}

let configured: Promise<void> | null = null;

/** Resolves once startup has read the deployed version and the runtime configuration (the API's address): calls may
 *  go out from then on, before the current user is known (the hall's first data, main.tsx). Runs once. */
export function whenConfigured(): Promise<void> {
  configured ??= Promise.all([
    retrying(async () => {
      const version = await fetchDeployedVersion();
      if (version) storeVersion(version);
      versionJustRead = true;
    }),
    retrying(() => loadRuntimeConfig()),
  ]).then(() => undefined);
  return configured;
}

/** Loads version, config, then the current user when a session exists. Runs once; every route waits for it. */
export function startApp(): Promise<void> {
  startup ??= (async () => {
    await whenConfigured();
    if (getRefreshToken()) {
      try {
        await retrying(loadCurrentUser);
      } catch {
        // The server refused the session (the client already logged out on 401/403): start as a guest.
        clearSession();
      }
    }
    done = true;
  })();
  return startup;
}
