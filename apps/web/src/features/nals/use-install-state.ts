import { useEffect, useState } from 'react';
import { useNalsConnected } from '../../lib/nals/nals-connected';
import { useServerConfig } from '../../lib/nals/server-config';
import { useCurrentUser } from '../../lib/session';
import { useInstallProgress } from './install-progress';
import { installState, type InstallState } from './install-state';
import { currentPlatformClues, detectPlatform, type DownloadOs } from './platform';

export interface InstallView {
  state: InstallState;
  /** The system to download again: the one downloaded last, else this device's; null on an unsupported device. */
  os: DownloadOs | null;
}

/** Clock of the "in progress" state: the elapsed time shown, and the switch to "failed" on time. */
const TICK_MS = 1_000;

/** The signed-in musician's installation as this browser follows it (install-state.ts), kept up to the second. */
export function useInstallState(): InstallView {
  const account = useCurrentUser()?.id ?? null;
  const { download, client } = useInstallProgress(account);
  const connected = useNalsConnected();
  const refVersion = useServerConfig().data?.nalsRefVersion ?? null;
  const [now, setNow] = useState(() => Date.now());
  const [platform] = useState(() => detectPlatform(currentPlatformClues()));

  const downloadedAt = download?.at ?? null;
  const state = installState({ downloadedAt, client, connected, refVersion }, now);
  const ticking = state.kind === 'inProgress';
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [ticking, downloadedAt]);

  return { state, os: download?.os ?? (platform === 'unsupported' ? null : platform) };
}
