import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_TIMEOUT_MS, installState, type InstallFacts, type SeenClient } from './install-state';

const START = Date.parse('2026-11-27T10:00:00.000Z');
const REF = '0.11.0';
const NOTHING: InstallFacts = { downloadedAt: null, client: null, connected: false, refVersion: REF };

const client = (patch: Partial<SeenClient> = {}): SeenClient => ({
  version: REF,
  driverFailed: false,
  since: Date.now(),
  ...patch,
});
/** The state now, on the fake clock. */
const at = (facts: InstallFacts) => installState(facts, Date.now());

describe('installState (SPEC section 4: in progress, succeeded, failed, not installed, partially installed)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('is "not installed" with no download and no client ever seen', () => {
    expect(at(NOTHING)).toEqual({ kind: 'notInstalled' });
    // Without the reference version either.
    expect(at({ ...NOTHING, refVersion: null })).toEqual({ kind: 'notInstalled' });
  });

  it('goes from "in progress" (with the time elapsed) to "succeeded" when the client says hello', () => {
    const downloaded = { ...NOTHING, downloadedAt: Date.now() };
    expect(at(downloaded)).toEqual({ kind: 'inProgress', elapsedMs: 0 });
    vi.advanceTimersByTime(95_000);
    expect(at(downloaded)).toEqual({ kind: 'inProgress', elapsedMs: 95_000 });

    const hello = { ...downloaded, client: client(), connected: true };
    expect(at(hello)).toEqual({ kind: 'succeeded', version: REF });
    // Stopped later (bye): it is still installed.
    vi.advanceTimersByTime(INSTALL_TIMEOUT_MS * 2);
    expect(at({ ...hello, connected: false })).toEqual({ kind: 'succeeded', version: REF });
  });

  it('fails at the time-out without a hello, not a millisecond before', () => {
    const downloaded = { ...NOTHING, downloadedAt: Date.now() };
    vi.advanceTimersByTime(INSTALL_TIMEOUT_MS - 1);
    expect(at(downloaded)).toEqual({ kind: 'inProgress', elapsedMs: INSTALL_TIMEOUT_MS - 1 });
    vi.advanceTimersByTime(1);
    expect(at(downloaded)).toEqual({ kind: 'failed', elapsedMs: INSTALL_TIMEOUT_MS });
    vi.advanceTimersByTime(60 * 60_000);
    expect(at(downloaded).kind).toBe('failed');
  });

  it('ten minutes is the named time-out', () => {
    expect(INSTALL_TIMEOUT_MS).toBe(600_000);
  });

  it('turns "failed" into "succeeded" when the client says hello late, and "in progress" again on a new download', () => {
    const downloaded = { ...NOTHING, downloadedAt: Date.now() };
    vi.advanceTimersByTime(INSTALL_TIMEOUT_MS + 5_000);
    expect(at(downloaded).kind).toBe('failed');
    expect(at({ ...downloaded, client: client(), connected: true })).toEqual({ kind: 'succeeded', version: REF });

    const again = { ...downloaded, downloadedAt: Date.now() };
    expect(at(again)).toEqual({ kind: 'inProgress', elapsedMs: 0 });
  });

  it('is "partially installed" when the audio driver did not start, or the version is older than the reference', () => {
    const downloaded = { ...NOTHING, downloadedAt: Date.now() - 30_000 };
    expect(at({ ...downloaded, client: client({ driverFailed: true }), connected: true })).toEqual({
      kind: 'partial',
      version: REF,
      refVersion: REF,
      missing: ['driver'],
    });
    expect(at({ ...downloaded, client: client({ version: '0.10.2' }), connected: true })).toEqual({
      kind: 'partial',
      version: '0.10.2',
      refVersion: REF,
      missing: ['version'],
    });
    expect(at({ ...downloaded, client: client({ version: '0.9.0', driverFailed: true }), connected: true })).toEqual({
      kind: 'partial',
      version: '0.9.0',
      refVersion: REF,
      missing: ['driver', 'version'],
    });
  });

  it('counts a newer client than the reference, or an unknown reference, as installed', () => {
    const seen = { ...NOTHING, downloadedAt: Date.now(), connected: true };
    expect(at({ ...seen, client: client({ version: '0.12.0' }) })).toEqual({ kind: 'succeeded', version: '0.12.0' });
    expect(at({ ...seen, client: client({ version: '0.10.2' }), refVersion: null })).toEqual({
      kind: 'succeeded',
      version: '0.10.2',
    });
  });

  it('goes from "partially installed" to "succeeded" once the upgraded client says hello', () => {
    const downloaded = { ...NOTHING, downloadedAt: Date.now() };
    expect(at({ ...downloaded, client: client({ version: '0.10.2' }), connected: true }).kind).toBe('partial');
    vi.advanceTimersByTime(10_000);
    expect(at({ ...downloaded, client: client(), connected: true })).toEqual({ kind: 'succeeded', version: REF });
  });

  it('judges a client that connected without a download in this session (installed before)', () => {
    expect(at({ ...NOTHING, client: client(), connected: true })).toEqual({ kind: 'succeeded', version: REF });
    expect(at({ ...NOTHING, client: client({ driverFailed: true }) }).kind).toBe('partial');
  });

  it('a download after the last hello is a new installation: in progress once that client is gone', () => {
    const old = client({ version: '0.10.2' });
    vi.advanceTimersByTime(60_000);
    const reinstall = { ...NOTHING, client: old, downloadedAt: Date.now() };
    // Still connected: it is what runs, an older version.
    expect(at({ ...reinstall, connected: true }).kind).toBe('partial');
    // The installer stopped it (bye): waiting for the new one.
    vi.advanceTimersByTime(20_000);
    expect(at(reinstall)).toEqual({ kind: 'inProgress', elapsedMs: 20_000 });
    vi.advanceTimersByTime(INSTALL_TIMEOUT_MS);
    expect(at(reinstall).kind).toBe('failed');
    // The new version says hello.
    expect(at({ ...reinstall, client: client(), connected: true })).toEqual({ kind: 'succeeded', version: REF });
  });

  it('never shows a negative elapsed time (a clock read before the download)', () => {
    expect(installState({ ...NOTHING, downloadedAt: START }, START - 500)).toEqual({
      kind: 'inProgress',
      elapsedMs: 0,
    });
  });
});
