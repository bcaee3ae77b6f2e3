import { compareVersions } from '../../lib/version';

/**
 * SPEC section 4: the audio app installation is in progress, succeeded, failed, not installed or partially installed.
 * The web never sees the installer itself; it follows the installation through what it knows: the musician downloaded
 * the client from this browser, then the installed client started and said hello over the broker.
 */

/** How long after a download a client may take to say its first hello before the installation counts as failed. */
export const INSTALL_TIMEOUT_MS = 10 * 60_000;

/** The latest audio client that said hello to this browser (kept after it says bye). */
export interface SeenClient {
  version: string;
  /** Its audio driver did not start (AUDIO_DRIVER_NOT_STARTED since that hello). */
  driverFailed: boolean;
  /** When it connected (the hello), in ms since the epoch. */
  since: number;
}

export interface InstallFacts {
  /** The latest download of the client from this browser, in ms since the epoch; null if none. */
  downloadedAt: number | null;
  client: SeenClient | null;
  /** Whether that client is connected right now. */
  connected: boolean;
  /** The reference version (`GET v1/config`'s nalsRefVersion), null until known. */
  refVersion: string | null;
}

/** What a partially installed client lacks. */
export type InstallGap = 'driver' | 'version';

export type InstallState =
  | { kind: 'notInstalled' }
  | { kind: 'inProgress'; elapsedMs: number }
  | { kind: 'succeeded'; version: string }
  | { kind: 'partial'; version: string; refVersion: string | null; missing: InstallGap[] }
  | { kind: 'failed'; elapsedMs: number };

export type InstallKind = InstallState['kind'];

/** What a client that said hello tells of its installation: whole, or what it lacks. */
function judgeClient(client: SeenClient, refVersion: string | null): InstallState {
  const missing: InstallGap[] = [];
  if (client.driverFailed) missing.push('driver');
  if (refVersion && compareVersions(client.version, refVersion) < 0) missing.push('version');
  return missing.length === 0
    ? { kind: 'succeeded', version: client.version }
    : { kind: 'partial', version: client.version, refVersion, missing };
}

/**
 * The installation's state at `now`:
 * - a client connected now, or one that said hello since the latest download (or with no download at all): succeeded,
 *   or partially installed when its audio driver did not start or its version is older than the reference one;
 * - else, after a download: in progress until INSTALL_TIMEOUT_MS have passed without a hello, then failed (a download
 *   after the last hello is a new installation: the client it replaces said bye);
 * - else: not installed.
 */
export function installState(facts: InstallFacts, now: number): InstallState {
  const { downloadedAt, client, connected, refVersion } = facts;
  if (client && (connected || downloadedAt === null || client.since >= downloadedAt)) {
    return judgeClient(client, refVersion);
  }
  if (downloadedAt === null) return { kind: 'notInstalled' };
  const elapsedMs = Math.max(0, now - downloadedAt);
  return elapsedMs >= INSTALL_TIMEOUT_MS ? { kind: 'failed', elapsedMs } : { kind: 'inProgress', elapsedMs };
}
