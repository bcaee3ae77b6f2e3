import { PATHS } from '../lib/paths';
import { loadAllRoutes } from '../lib/route-table';
import { readStored, STORAGE_KEYS } from '../lib/storage';
import { loadHallLoader, loadHallScreen, loadLoginPage } from './landing-modules';

/**
 * Requests the code of the page the browser was opened on as soon as the entry's files are here, before they run:
 * main.tsx imports this module first. Otherwise the router asks for it only once React, Mantine and the rest of the
 * entry have been evaluated, a few hundred milliseconds later on a phone (issue 9: the hall's largest paint). A
 * failure here is left to the router, which asks again and reports it.
 */
export function preloadLanding(pathname: string, signedIn: boolean): void {
  const loads: (() => Promise<unknown>)[] = [];
  if (pathname === PATHS.login) loads.push(loadLoginPage);
  if (pathname === PATHS.hall) loads.push(loadHallLoader, loadHallScreen);
  if (signedIn) loads.push(loadAllRoutes);
  for (const load of loads) load().catch(() => undefined);
}

// lib/session's getRefreshToken reads the same key, but brings its store (zustand) into this first module.
preloadLanding(window.location.pathname, readStored(STORAGE_KEYS.refreshToken) !== null);
