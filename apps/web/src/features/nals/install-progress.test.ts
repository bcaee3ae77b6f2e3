import { createStore } from 'zustand';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markAppDownloaded } from './api/app-downloaded';
import {
  EMPTY_PROGRESS,
  INSTALL_PROGRESS_KEY,
  followClient,
  installProgressStore,
  parseProgress,
  startDownload,
  type ClientView,
} from './install-progress';

vi.mock('./api/app-downloaded', () => ({ markAppDownloaded: vi.fn(async () => undefined) }));

const ANA = 'account-ana';
const BEN = 'account-ben';
const OFF: ClientView = { isConnected: false, version: null, hasAudioDriverError: false };

describe('install progress (what this browser session saw of the installation)', () => {
  afterEach(() => {
    installProgressStore.setState(EMPTY_PROGRESS, true);
    vi.clearAllMocks();
  });

  it('remembers a download in sessionStorage, and tells the server', () => {
    startDownload(ANA, 'linux', 1_000);
    expect(installProgressStore.getState()).toEqual({
      account: ANA,
      download: { os: 'linux', at: 1_000 },
      client: null,
    });
    expect(JSON.parse(sessionStorage.getItem(INSTALL_PROGRESS_KEY) ?? 'null')).toEqual({
      account: ANA,
      download: { os: 'linux', at: 1_000 },
      client: null,
    });
    expect(markAppDownloaded).toHaveBeenCalledOnce();
  });

  it('reads back only what it wrote: anything malformed counts as nothing seen', () => {
    const good = {
      account: ANA,
      download: { os: 'mac', at: 5 },
      client: { version: '0.11.0', driverFailed: true, since: 9 },
    };
    expect(parseProgress(good)).toEqual(good);
    expect(parseProgress({ ...good, download: { os: 'amiga', at: 5 } }).download).toBeNull();
    expect(parseProgress({ ...good, client: { version: 11, driverFailed: true, since: 9 } }).client).toBeNull();
    expect(parseProgress({ download: good.download })).toEqual(EMPTY_PROGRESS);
    expect(parseProgress('nonsense')).toEqual(EMPTY_PROGRESS);
  });

  it('records each hello with its time, the driver failure after it, and keeps them after bye', () => {
    const nals = createStore<ClientView>(() => OFF);
    let now = 10_000;
    const stop = followClient(nals, ANA, () => now);
    expect(installProgressStore.getState().client).toBeNull();

    nals.setState({ isConnected: true, version: '0.10.2' });
    expect(installProgressStore.getState()).toMatchObject({
      account: ANA,
      client: { version: '0.10.2', driverFailed: false, since: 10_000 },
    });
    now = 12_000;
    nals.setState({ hasAudioDriverError: true });
    expect(installProgressStore.getState().client).toEqual({ version: '0.10.2', driverFailed: true, since: 10_000 });

    now = 20_000;
    nals.setState(OFF);
    expect(installProgressStore.getState().client).toEqual({ version: '0.10.2', driverFailed: true, since: 10_000 });
    now = 30_000;
    nals.setState({ isConnected: true, version: '0.11.0' });
    expect(installProgressStore.getState().client).toEqual({ version: '0.11.0', driverFailed: false, since: 30_000 });

    stop();
    nals.setState({ ...OFF, isConnected: true, version: '0.12.0' });
    expect(installProgressStore.getState().client?.version).toBe('0.11.0');
  });

  it('keeps the facts of one account: another one signing in on the tab starts from nothing', () => {
    startDownload(ANA, 'windows', 1_000);
    const nals = createStore<ClientView>(() => ({ isConnected: true, version: '0.11.0', hasAudioDriverError: false }));
    const stop = followClient(nals, BEN, () => 2_000);
    expect(installProgressStore.getState()).toEqual({
      account: BEN,
      download: null,
      client: { version: '0.11.0', driverFailed: false, since: 2_000 },
    });
    stop();
  });
});
