import { compareVersions } from '@tutti/contract/nals-constants';
import type { NalsCommand } from './commands';

export const NALS_NOT_STARTED = 'NALS_NOT_STARTED';

/**
 * The upgrade banner's machine (spec sections 2, 4 and 8):
 * idle -> downloading (nals_download sent, progress from status signals) -> installing (nals_upgrade sent once, on
 * nals_upgrade_ready) -> upgraded (the client said hello at the new version). Any error but NALS_NOT_STARTED is kept
 * with its code; a running step then fails. Restoring sends nals_rollback. A hello resets it all, dismissal included.
 */
export type UpgradePhase = 'idle' | 'downloading' | 'installing' | 'upgraded' | 'restoring' | 'failed';

export interface UpgradeState {
  phase: UpgradePhase;
  /** The version asked for (the reference version when the user pressed Upgrade). */
  target: string | null;
  /** The version the client had before the upgrade. */
  from: string | null;
  /** 0..1 while downloading, when the client says. */
  progress: number | null;
  /** The last error code to show, if any. */
  error: string | null;
  dismissed: boolean;
}

export const initialUpgrade: UpgradeState = {
  phase: 'idle',
  target: null,
  from: null,
  progress: null,
  error: null,
  dismissed: false,
};

export type UpgradeEvent =
  | { type: 'upgrade'; target: string; from: string | null }
  | { type: 'progress'; value: number }
  | { type: 'ready'; version: string }
  | { type: 'error'; code: string }
  | { type: 'rollback' }
  | { type: 'dismiss' }
  | { type: 'hello'; version: string };

export interface UpgradeOutcome {
  state: UpgradeState;
  commands: NalsCommand[];
}

const busy = (phase: UpgradePhase) => phase === 'downloading' || phase === 'installing' || phase === 'restoring';

export function upgradeReducer(state: UpgradeState, event: UpgradeEvent): UpgradeOutcome {
  const only = (next: UpgradeState): UpgradeOutcome => ({ state: next, commands: [] });
  switch (event.type) {
    case 'upgrade':
      if (busy(state.phase)) return only(state);
      return {
        state: { ...initialUpgrade, phase: 'downloading', target: event.target, from: event.from, progress: 0 },
        commands: [{ action: 'nals_download', data: { version: event.target } }],
      };
    case 'progress':
      return only(
        state.phase === 'downloading' ? { ...state, progress: Math.min(1, Math.max(0, event.value)) } : state,
      );
    case 'ready':
      // Sent once: a second "ready" (or one nobody asked for) changes nothing.
      if (state.phase !== 'downloading') return only(state);
      return {
        state: { ...state, phase: 'installing', progress: 1 },
        commands: [{ action: 'nals_upgrade', data: { version: event.version } }],
      };
    case 'error':
      if (event.code === NALS_NOT_STARTED) return only(state);
      return only({ ...state, phase: busy(state.phase) ? 'failed' : state.phase, error: event.code });
    case 'rollback':
      if (busy(state.phase)) return only(state);
      return {
        state: { ...initialUpgrade, phase: 'restoring', from: state.from },
        commands: [{ action: 'nals_rollback' }],
      };
    case 'dismiss':
      return only({ ...state, dismissed: true });
    case 'hello':
      // The client restarted at the version it was asked to install: say so, and keep the way back offered.
      if (state.phase === 'installing' && state.target && compareVersions(event.version, state.target) === 0) {
        return only({ ...initialUpgrade, phase: 'upgraded', target: state.target, from: state.from });
      }
      return only(initialUpgrade);
  }
}

export interface BannerInput {
  isConnected: boolean;
  version: string | null;
  refVersion: string | null;
  inSession: boolean;
  upgrade: UpgradeState;
}

/**
 * Shown when the reference version differs from the connected one, and never in a session. It stays while the client
 * restarts for the upgrade or the rollback, and after an upgrade to offer the way back, until dismissed.
 */
export function bannerVisible({ isConnected, version, refVersion, inSession, upgrade }: BannerInput): boolean {
  if (inSession || upgrade.dismissed) return false;
  if (upgrade.phase === 'installing' || upgrade.phase === 'restoring') return true;
  if (!isConnected || !version) return false;
  if (upgrade.phase === 'upgraded' || upgrade.phase === 'downloading' || upgrade.phase === 'failed') return true;
  return !!refVersion && compareVersions(refVersion, version) !== 0;
}
