import { createStore, useStore } from 'zustand';
import { readSessionValue, writeSessionValue } from '../../lib/storage';
import { markAppDownloaded } from './api/app-downloaded';
import type { SeenClient } from './install-state';
import { DOWNLOAD_SYSTEMS, type DownloadOs } from './platform';

/**
 * What this browser saw of the audio client's installation, for install-state.ts: the latest download (and of which
 * system) and the latest client that said hello, for one account.
 *
 * Kept in sessionStorage, mirrored in a small zustand store the pages read: an installation takes minutes, during
 * which the musician may go to the hall and back, or reload the tab, and must find it where they left it; but a
 * download of another day says nothing of today's installation, so it goes with the browser session (localStorage
 * holds only the spec's keys, section 9). The server's own record (POST v1/me/app-downloaded) serves the onboarding
 * checklist across devices; it does not say when, nor from which browser.
 */
export const INSTALL_PROGRESS_KEY = 'nalsInstallProgress';

export interface InstallProgress {
  /** Whose facts these are: another account signing in on the same tab starts from nothing. */
  account: string | null;
  download: { os: DownloadOs; at: number } | null;
  client: SeenClient | null;
}

export const EMPTY_PROGRESS: InstallProgress = { account: null, download: null, client: null };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const isOs = (value: unknown): value is DownloadOs => DOWNLOAD_SYSTEMS.some((os) => os === value);

/** What sessionStorage holds, checked field by field: anything unreadable counts as nothing seen. */
export function parseProgress(value: unknown): InstallProgress {
  if (!isRecord(value) || typeof value.account !== 'string') return EMPTY_PROGRESS;
  const { download: d, client: c } = value;
  return {
    account: value.account,
    download: isRecord(d) && isOs(d.os) && isTime(d.at) ? { os: d.os, at: d.at } : null,
    client:
      isRecord(c) && typeof c.version === 'string' && typeof c.driverFailed === 'boolean' && isTime(c.since)
        ? { version: c.version, driverFailed: c.driverFailed, since: c.since }
        : null,
  };
}

// Storage can throw (private mode, disabled cookies): lib/storage then answers nothing, and the state lasts as long as
// the page. A value that is not JSON counts as nothing seen.
function readProgress(): InstallProgress {
  const raw = readSessionValue(INSTALL_PROGRESS_KEY);
  try {
    return raw ? parseProgress(JSON.parse(raw)) : EMPTY_PROGRESS;
  } catch {
    return EMPTY_PROGRESS;
  }
}

export const installProgressStore = createStore<InstallProgress>(() => readProgress());

installProgressStore.subscribe((state) => writeSessionValue(INSTALL_PROGRESS_KEY, JSON.stringify(state)));

const mine = (state: InstallProgress, account: string | null): InstallProgress =>
  state.account === account ? state : { ...EMPTY_PROGRESS, account };

/** This account's facts (none when they are another account's). */
export function useInstallProgress(account: string | null): InstallProgress {
  const state = useStore(installProgressStore);
  return state.account === account ? state : EMPTY_PROGRESS;
}

/** A download button was pressed: the browser downloads, this tab remembers when, the server records that it did. */
export function startDownload(account: string | null, os: DownloadOs, now: number = Date.now()): void {
  installProgressStore.setState((state) => ({ ...mine(state, account), download: { os, at: now } }), true);
  void markAppDownloaded().catch(() => undefined);
}

/** The part of the audio client store the installation follows. */
export interface ClientView {
  isConnected: boolean;
  version: string | null;
  hasAudioDriverError: boolean;
}

export interface ClientSource {
  getState(): ClientView;
  subscribe(listener: (state: ClientView, previous: ClientView) => void): () => void;
}

/**
 * Records each client that says hello to the page (its version, when, whether its audio driver failed since), for as
 * long as the page is linked to `account`'s client (NalsRuntime). Returns the unsubscribe.
 */
export function followClient(source: ClientSource, account: string, clock: () => number = Date.now): () => void {
  const record = (state: ClientView, wasConnected: boolean) => {
    if (!state.isConnected || !state.version) return;
    const seen = mine(installProgressStore.getState(), account);
    const since = wasConnected && seen.client ? seen.client.since : clock();
    const client: SeenClient = { version: state.version, driverFailed: state.hasAudioDriverError, since };
    const same =
      seen.client?.since === since &&
      seen.client.version === client.version &&
      seen.client.driverFailed === client.driverFailed;
    if (!same) installProgressStore.setState({ ...seen, client }, true);
  };
  // A client already connected when the page starts following it keeps the moment it was first seen.
  record(source.getState(), true);
  return source.subscribe((state, previous) => record(state, previous.isConnected));
}
