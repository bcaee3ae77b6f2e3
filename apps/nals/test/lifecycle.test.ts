import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_NAME } from '../src/engine/engine.ts';
import { startHarness, type Harness } from './harness.ts';

describe('lifecycle: hello, bye, stop, nals_start', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('says hello with its name, host, hostname and version once the broker connection is up', async () => {
    h = await startHarness({ version: '0.10.2' });
    const hello = await h.transport.waitFor('hello');
    expect(hello.data).toMatchObject({ name: ENGINE_NAME, version: '0.10.2' });
    expect(h.transport.signals('hello')).toHaveLength(1);
  });

  it('answers the hello action with hello', async () => {
    h = await startHarness();
    const from = h.mark();
    await h.send('hello');
    expect(h.transport.signals('hello', from)).toHaveLength(1);
  });

  it('says hello again after a broker reconnection', async () => {
    h = await startHarness();
    h.transport.goOffline();
    const from = h.mark();
    h.transport.goOnline();
    expect(h.transport.signals('hello', from)).toHaveLength(1);
  });

  it('stop: says bye after the 100 ms stop delay, then refuses commands with NALS_NOT_STARTED', async () => {
    h = await startHarness();
    const from = h.mark();
    const t0 = performance.now();
    await h.send('stop');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(95);
    expect(h.transport.signals('bye', from)).toHaveLength(1);
    expect(h.nals.client.engine.running).toBe(false);

    const after = h.mark();
    await h.send('get_current_config');
    expect(h.transport.published.slice(after)).toEqual([
      { signal: 'error', data: { code: 'NALS_NOT_STARTED', message: expect.any(String) } },
    ]);
    await h.send('hello');
    expect(h.transport.published.at(-1)?.signal).toBe('bye');
  });

  it('nals_start: starts a stopped engine (hello), and says hello again when already running', async () => {
    h = await startHarness();
    await h.send('stop');
    let from = h.mark();
    await h.send('nals_start');
    expect(h.transport.signals('hello', from)).toHaveLength(1);
    expect(h.nals.client.engine.running).toBe(true);
    from = h.mark();
    await h.send('nals_start');
    expect(h.transport.signals('hello', from)).toHaveLength(1);
  });

  it('says bye when the process stops (SIGINT/SIGTERM path)', async () => {
    h = await startHarness();
    const from = h.mark();
    await h.nals.stop();
    expect(h.transport.signals('bye', from)).toHaveLength(1);
  });

  it('fault NALS_NOT_STARTED: the first start fails with that error and no hello; nals_start then works', async () => {
    h = await startHarness({ faults: ['NALS_NOT_STARTED'] });
    await h.transport.waitFor('error', (d) => (d as { code: string }).code === 'NALS_NOT_STARTED');
    expect(h.transport.signals('hello')).toHaveLength(0);
    await h.send('nals_start');
    expect(h.transport.signals('hello')).toHaveLength(1);
  });

  it('fault AUDIO_DRIVER_NOT_STARTED: reported right after hello', async () => {
    h = await startHarness({ faults: ['AUDIO_DRIVER_NOT_STARTED'] });
    expect(h.transport.published.slice(0, 2).map((s) => s.signal)).toEqual(['hello', 'error']);
    expect(h.transport.published[1]?.data).toMatchObject({ code: 'AUDIO_DRIVER_NOT_STARTED' });
  });

  it('fault AUDIO_DRIVER_NOT_STARTED: a later hello (a page opened after the start) hears it again', async () => {
    h = await startHarness({ faults: ['AUDIO_DRIVER_NOT_STARTED'] });
    const before = h.transport.published.length;
    await h.send('hello');
    expect(h.transport.published.slice(before).map((s) => s.signal)).toEqual(['hello', 'error']);
    expect(h.transport.published[before + 1]?.data).toMatchObject({ code: 'AUDIO_DRIVER_NOT_STARTED' });
  });

  it('private_chat_message: relays the --chat message once, after the first hello, and never otherwise', async () => {
    h = await startHarness({ chat: { from: 'alice', text: 'ready?' } });
    expect(h.transport.signals('private_chat_message')).toEqual([
      { signal: 'private_chat_message', data: { from: 'alice', text: 'ready?' } },
    ]);
    await h.send('stop');
    await h.send('nals_start');
    expect(h.transport.signals('private_chat_message')).toHaveLength(1);
    await h.close();
    h = await startHarness();
    expect(h.transport.signals('private_chat_message')).toHaveLength(0);
  });
});

describe('malformed and unknown commands', () => {
  let h: Harness;
  afterEach(() => h.close());

  const lastError = (hh: Harness) => hh.transport.signals('error').at(-1)?.data as { code: string; message: string };

  it.each([
    ['not JSON', '{action'],
    ['a JSON array', '[1,2]'],
    ['no action', '{"data":{}}'],
    ['a number as action', '{"action":42}'],
    ['an unknown action', '{"action":"self_destruct"}'],
    ['data of the wrong shape', '{"action":"set_audio_quality","data":{"quality":"max"}}'],
    ['out-of-range data', '{"action":"set_jitter","data":{"local":500,"server":1}}'],
    ['missing data', '{"action":"connect"}'],
    ['binary garbage', Buffer.from([0xff, 0x00, 0x13])],
  ])('answers %s with error INVALID_COMMAND and keeps working', async (_label, payload) => {
    h = await startHarness();
    const from = h.mark();
    await h.nals.client.receive(payload);
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['error']);
    expect(lastError(h).code).toBe('INVALID_COMMAND');
    await h.send('get_current_config');
    expect(h.transport.published.at(-1)?.signal).toBe('current_config');
  });

  it('treats data: null like no data', async () => {
    h = await startHarness();
    const from = h.mark();
    await h.nals.client.receive('{"action":"get_sound_card_list","data":null}');
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['sound_card_list']);
  });

  it('handles commands in order, one after the other', async () => {
    h = await startHarness();
    const from = h.mark();
    void h.send('stop');
    await h.send('nals_start');
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['bye', 'hello']);
  });
});
