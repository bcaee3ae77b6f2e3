import { setLogoutHandler } from '../lib/api';
import { APP_START_CHECKED_KEY, writeSessionFlag } from '../lib/storage';
import { queryClient } from './query-client';
import { isStartupDone } from './startup';

let toLogin: (() => void) | null = null;

/** The router's way to the login page, given once it exists (app.tsx). */
export function setLeaveToLogin(leave: () => void): void {
  toLogin = leave;
}

/**
 * Spec section 4: a 401 on refresh or any 403 ends the session; the client has cleared it, the app leaves. Installed
 * by the boot (main.tsx), before the first call: a session refused at start-up, before React and the router are
 * here, still forgets what was cached and the browser session's app-start check.
 */
export function installSessionEnd(): void {
  setLogoutHandler(() => {
    queryClient.clear();
    writeSessionFlag(APP_START_CHECKED_KEY, false);
    // During startup the guards send the visitor where they belong; navigating then would race them.
    if (isStartupDone()) toLogin?.();
  });
}
