import { describe, expect, it } from 'vitest';
import { bannerVisible, initialUpgrade, upgradeReducer, type UpgradeEvent, type UpgradeState } from './upgrade';

/** Runs events in order, collecting the commands they send. */
function run(events: UpgradeEvent[], from: UpgradeState = initialUpgrade) {
  let state = from;
  const commands = [];
  for (const event of events) {
    const outcome = upgradeReducer(state, event);
    state = outcome.state;
    commands.push(...outcome.commands);
  }
  return { state, commands };
}

describe('upgrade machine', () => {
  it('upgrade: downloads the reference version, shows progress, upgrades once on ready', () => {
    const { state, commands } = run([
      { type: 'upgrade', target: '0.12.0', from: '0.11.0' },
      { type: 'progress', value: 0.25 },
      { type: 'progress', value: 0.75 },
    ]);
    expect(state).toMatchObject({ phase: 'downloading', target: '0.12.0', from: '0.11.0', progress: 0.75 });
    expect(commands).toEqual([{ action: 'nals_download', data: { version: '0.12.0' } }]);

    const ready = run(
      [
        { type: 'ready', version: '0.12.0' },
        { type: 'ready', version: '0.12.0' },
      ],
      state,
    );
    expect(ready.state.phase).toBe('installing');
    expect(ready.commands).toEqual([{ action: 'nals_upgrade', data: { version: '0.12.0' } }]);
  });

  it('the client saying hello at the new version ends in "upgraded", keeping the way back', () => {
    const { state } = run([
      { type: 'upgrade', target: '0.12.0', from: '0.11.0' },
      { type: 'ready', version: '0.12.0' },
      { type: 'hello', version: '0.12.0' },
    ]);
    expect(state).toMatchObject({ phase: 'upgraded', target: '0.12.0', from: '0.11.0', dismissed: false });
  });

  it('ignores NALS_NOT_STARTED; any other error fails a running step and keeps its code', () => {
    const downloading = run([{ type: 'upgrade', target: '0.12.0', from: '0.11.0' }]).state;
    expect(run([{ type: 'error', code: 'NALS_NOT_STARTED' }], downloading).state).toEqual(downloading);
    const failed = run([{ type: 'error', code: 'DOWNLOAD_FAILED' }], downloading).state;
    expect(failed).toMatchObject({ phase: 'failed', error: 'DOWNLOAD_FAILED' });
    // Outside an upgrade, the code is shown too, without changing the phase.
    expect(run([{ type: 'error', code: 'ROOM_UNREACHABLE' }]).state).toMatchObject({
      phase: 'idle',
      error: 'ROOM_UNREACHABLE',
    });
    // A failed upgrade can be tried again.
    expect(run([{ type: 'upgrade', target: '0.12.0', from: '0.11.0' }], failed).commands).toHaveLength(1);
  });

  it('a ready nobody asked for sends nothing, and a second Upgrade while busy neither', () => {
    expect(run([{ type: 'ready', version: '0.12.0' }]).commands).toEqual([]);
    const busy = run([{ type: 'upgrade', target: '0.12.0', from: '0.11.0' }]).state;
    expect(run([{ type: 'upgrade', target: '0.12.0', from: '0.11.0' }], busy).commands).toEqual([]);
    expect(run([{ type: 'rollback' }], busy).commands).toEqual([]);
  });

  it('restore sends nals_rollback; the hello that follows resets the banner', () => {
    const upgraded: UpgradeState = { ...initialUpgrade, phase: 'upgraded', target: '0.12.0', from: '0.11.0' };
    const restoring = run([{ type: 'rollback' }], upgraded);
    expect(restoring.commands).toEqual([{ action: 'nals_rollback' }]);
    expect(restoring.state.phase).toBe('restoring');
    expect(run([{ type: 'hello', version: '0.11.0' }], restoring.state).state).toEqual(initialUpgrade);
  });

  it('dismiss hides it until the client connects again', () => {
    const dismissed = run([{ type: 'error', code: 'UPGRADE_FAILED' }, { type: 'dismiss' }]).state;
    expect(dismissed.dismissed).toBe(true);
    expect(run([{ type: 'hello', version: '0.11.0' }], dismissed).state).toEqual(initialUpgrade);
  });

  it('progress only counts while downloading, within 0..1', () => {
    expect(run([{ type: 'progress', value: 0.5 }]).state.progress).toBeNull();
    const downloading = run([{ type: 'upgrade', target: '1.0.0', from: '0.9.0' }]).state;
    expect(run([{ type: 'progress', value: 3 }], downloading).state.progress).toBe(1);
  });
});

describe('bannerVisible', () => {
  const base = {
    isConnected: true,
    version: '0.11.0',
    refVersion: '0.12.0',
    inSession: false,
    upgrade: initialUpgrade,
  };

  it('shows when the reference version differs from the connected one', () => {
    expect(bannerVisible(base)).toBe(true);
    expect(bannerVisible({ ...base, refVersion: '0.11.0' })).toBe(false);
    expect(bannerVisible({ ...base, version: '0.13.0' })).toBe(true);
    expect(bannerVisible({ ...base, refVersion: null })).toBe(false);
  });

  it('never in a session, without a client, or once dismissed', () => {
    expect(bannerVisible({ ...base, inSession: true })).toBe(false);
    expect(bannerVisible({ ...base, isConnected: false })).toBe(false);
    expect(bannerVisible({ ...base, upgrade: { ...initialUpgrade, dismissed: true } })).toBe(false);
  });

  it('stays while the client restarts, and after the upgrade to offer the way back', () => {
    const installing = { ...initialUpgrade, phase: 'installing' as const, target: '0.12.0' };
    expect(bannerVisible({ ...base, isConnected: false, upgrade: installing })).toBe(true);
    const upgraded = { ...initialUpgrade, phase: 'upgraded' as const, target: '0.12.0' };
    expect(bannerVisible({ ...base, version: '0.12.0', upgrade: upgraded })).toBe(true);
  });
});
