import { ApiError } from '../lib/api-error';
import { loadCurrentUser } from '../lib/current-user';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { clearSession, getRefreshToken } from '../lib/session';
import { fetchDeployedVersion, storeVersion } from '../lib/version';

/** Spec section 8: a failed startup load (version, config, me) is retried after 2 seconds. */
export const STARTUP_RETRY_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries while the failure is the network's or the server's; a definite answer (4xx) is returned as thrown. */
async function retrying<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ApiError && !error.isTransient) throw error;
      await sleep(STARTUP_RETRY_MS);
    }
  }
}

let startup: Promise<void> | null = null;
let done = false;

export const isStartupDone = () => done;

/** Loads version, config, then the current user when a session exists. Runs once; every route waits for it. */
export function startApp(): Promise<void> {
  startup ??= (async () => {
    await Promise.all([
      retrying(async () => {
        const version = await fetchDeployedVersion();
        if (version) storeVersion(version);
      }),
      retrying(() => loadRuntimeConfig()),
    ]);
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
