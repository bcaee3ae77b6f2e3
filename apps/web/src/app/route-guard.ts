import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { fetchAppStart } from '../features/me/api/get-app-start';
import { rememberRedirectTarget } from '../lib/redirect-target';
import { getCurrentUser } from '../lib/session';
import { APP_START_CHECKED_KEY, readSessionFlag, writeSessionFlag } from '../lib/storage';
import { fetchDeployedVersion, isNewerVersion, readStoredVersion, storeVersion } from '../lib/version';
import { decideAccess, decideAppStart, type RouteAccess } from './guards';
import { startApp, takeStartupVersionRead } from './startup';

/** Step 1: a newer deployment reloads the page at the target, so the new code serves it. */
async function versionCheck(target: string): Promise<boolean> {
  try {
    const deployed = await fetchDeployedVersion();
    if (deployed && isNewerVersion(deployed, readStoredVersion())) {
      storeVersion(deployed);
      window.location.assign(target);
      return true;
    }
  } catch {
    // Offline for a moment: navigation goes on with the code already loaded.
  }
  return false;
}

/** Step 3: once per browser session, the server may send a signed-in user to onboarding or a welcome page. */
async function appStartCheck(target: string): Promise<string | null> {
  if (!getCurrentUser() || readSessionFlag(APP_START_CHECKED_KEY)) return null;
  writeSessionFlag(APP_START_CHECKED_KEY, true);
  try {
    const destination = decideAppStart(await fetchAppStart(), target);
    return destination && destination !== target ? destination : null;
  } catch {
    return null;
  }
}

/**
 * The loader of every route: the spec's three guards, in order, on each navigation.
 * Redirects are thrown (react-router's way); a missing role throws a 404 the error element shows.
 * `whenAllowed` runs once access is granted, before the app-start check: a page starts loading its data there, so its
 * requests go out with that check and the page's code instead of after its first render. When it returns a promise,
 * the navigation also waits for it (alongside the app-start check), so the page's first render already has its data.
 */
export function guard(access: RouteAccess, options: { whenAllowed?: () => Promise<unknown> | void } = {}) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    await startApp();
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}${url.hash}`;

    // The first navigation after startup skips it: startup has just read the same file.
    if (!takeStartupVersionRead() && (await versionCheck(target))) {
      return new Promise<never>(() => undefined); // the page is reloading
    }

    const decision = decideAccess(access, getCurrentUser(), target);
    if (decision.type === 'redirect') {
      if (decision.rememberTarget) rememberRedirectTarget(decision.rememberTarget);
      throw redirect(decision.to);
    }
    if (decision.type === 'not-found') throw data(null, { status: 404 });
    const [appStart] = await Promise.all([appStartCheck(target), options.whenAllowed?.()]);
    if (appStart) throw redirect(appStart);
    return null;
  };
}
