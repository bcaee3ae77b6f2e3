import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

const codeOf = (d: unknown) => (d as { code: string }).code;

describe('download, upgrade and rollback', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('nals_download reports progress in status signals, then nals_upgrade_ready', async () => {
    h = await startHarness({ version: '0.10.0' });
    const from = h.mark();
    await h.send('nals_download', { version: '0.11.0' });
    await h.transport.waitFor('nals_upgrade_ready', () => true, from);
    const tail = h.transport.published.slice(from);
    expect(tail.map((s) => s.signal)).toEqual(['status', 'status', 'status', 'status', 'status', 'nals_upgrade_ready']);
    expect(tail.slice(0, 5).map((s) => s.data)).toEqual(
      [0, 0.25, 0.5, 0.75, 1].map((progress) => ({ code: 'DOWNLOAD_PROGRESS', message: '0.11.0', progress })),
    );
    expect(tail[5]?.data).toEqual({ version: '0.11.0' });
    expect((await h.nals.client.state()).downloadedVersions).toEqual(['0.11.0']);
  });

  it('nals_upgrade restarts at the new version (bye, hello) and gains its features; nals_rollback returns', async () => {
    h = await startHarness({ version: '0.9.0' });
    await h.send('nals_download', { version: '0.11.0' });
    await h.transport.waitFor('nals_upgrade_ready');
    let from = h.mark();
    await h.send('nals_upgrade', { version: '0.11.0' });
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['status', 'bye', 'hello']);
    expect(h.transport.published[from]?.data).toEqual({ code: 'UPGRADING', message: '0.11.0' });
    expect(h.transport.published.at(-1)?.data).toMatchObject({ version: '0.11.0' });
    expect(await h.nals.client.state()).toMatchObject({ version: '0.11.0', previousVersion: '0.9.0', running: true });
    await h.send('native_effects');
    expect(h.transport.published.at(-1)?.signal).toBe('native_info');

    from = h.mark();
    await h.send('nals_rollback');
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['status', 'bye', 'hello']);
    expect(h.transport.published[from]?.data).toEqual({ code: 'ROLLING_BACK', message: '0.9.0' });
    expect(h.transport.published.at(-1)?.data).toMatchObject({ version: '0.9.0' });
    expect((await h.nals.client.state()).previousVersion).toBeNull();

    await h.send('nals_rollback');
    expect(codeOf(h.transport.published.at(-1)?.data)).toBe('ROLLBACK_UNAVAILABLE');
  });

  it('nals_rollback without an upgrade -> error ROLLBACK_UNAVAILABLE', async () => {
    h = await startHarness();
    await h.send('nals_rollback');
    expect(h.transport.signals('error').at(-1)?.data).toMatchObject({ code: 'ROLLBACK_UNAVAILABLE' });
  });

  it('nals_upgrade to a version not downloaded -> error UPGRADE_FAILED, same version', async () => {
    h = await startHarness({ version: '0.10.0' });
    await h.send('nals_upgrade', { version: '0.11.0' });
    expect(h.transport.signals('error').at(-1)?.data).toMatchObject({ code: 'UPGRADE_FAILED' });
    expect(h.nals.client.engine.version).toBe('0.10.0');
  });

  it('nals_download of something that is no version -> error DOWNLOAD_FAILED', async () => {
    h = await startHarness();
    await h.send('nals_download', { version: 'latest' });
    expect(h.transport.signals('error').at(-1)?.data).toMatchObject({ code: 'DOWNLOAD_FAILED' });
  });

  it('fault DOWNLOAD_FAILED: progress stops half way with error DOWNLOAD_FAILED, no upgrade ready', async () => {
    h = await startHarness({ faults: ['DOWNLOAD_FAILED'] });
    await h.send('nals_download', { version: '0.12.0' });
    await h.transport.waitFor('error', (d) => codeOf(d) === 'DOWNLOAD_FAILED');
    expect(h.transport.signals('status').map((s) => (s.data as { progress: number }).progress)).toEqual([0, 0.25, 0.5]);
    expect(h.transport.signals('nals_upgrade_ready')).toHaveLength(0);
  });

  it('fault UPGRADE_FAILED: error UPGRADE_FAILED, no restart', async () => {
    h = await startHarness({ faults: ['UPGRADE_FAILED'] });
    await h.send('nals_download', { version: '0.12.0' });
    await h.transport.waitFor('nals_upgrade_ready');
    const from = h.mark();
    await h.send('nals_upgrade', { version: '0.12.0' });
    expect(h.transport.published.slice(from).map((s) => [s.signal, codeOf(s.data)])).toEqual([
      ['error', 'UPGRADE_FAILED'],
    ]);
    expect(h.nals.client.engine.version).toBe('0.11.0');
  });

  it('works while the engine is stopped, since upgrading restarts it', async () => {
    h = await startHarness({ version: '0.10.0' });
    await h.send('stop');
    await h.send('nals_download', { version: '0.11.0' });
    await h.transport.waitFor('nals_upgrade_ready');
    await h.send('nals_upgrade', { version: '0.11.0' });
    expect(h.transport.published.at(-1)).toMatchObject({ signal: 'hello', data: { version: '0.11.0' } });
  });
});
