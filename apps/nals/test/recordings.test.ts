import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileNameFor } from '../src/engine/recorder.ts';
import { SIM_SAMPLE_RATE } from '../src/engine/signal.ts';
import { sleep, startHarness, type Harness } from './harness.ts';

type Catalog = { recordings: { name: string; sizeBytes: number; durationSec: number; createdAt: string }[] };
const lastCatalog = (h: Harness) => h.transport.signals('catalog').at(-1)?.data as Catalog;
const lastError = (h: Harness) => h.transport.signals('error').at(-1)?.data as { code: string };

describe('local recordings', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('start_record_to_file -> recording; stop_record -> not_recording; the file is a real WAV of that length', async () => {
    h = await startHarness();
    await h.send('start_record_to_file', { name: 'take one' });
    expect(h.transport.signals('recording').at(-1)?.data).toMatchObject({ name: 'take one.wav', maxSeconds: 600 });
    await sleep(500);
    await h.send('stop_record');
    expect(h.transport.signals('not_recording').at(-1)?.data).toEqual({ name: 'take one.wav' });

    const wav = await readFile(join(h.dir, 'recordings', 'take one.wav'));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(24)).toBe(SIM_SAMPLE_RATE);
    const dataBytes = wav.readUInt32LE(40);
    expect(dataBytes).toBe(wav.length - 44);
    const seconds = dataBytes / 2 / SIM_SAMPLE_RATE;
    expect(seconds).toBeGreaterThan(0.4);
    expect(seconds).toBeLessThan(1.5);
    // Not silence: the simulated input is a chord.
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(3000);
  });

  it('stops by itself at maxSeconds with not_recording', async () => {
    h = await startHarness();
    await h.send('start_record_to_file', { name: 'short', maxSeconds: 1 });
    await h.transport.waitFor('not_recording', () => true, 0, 3000);
    const wav = await readFile(join(h.dir, 'recordings', 'short.wav'));
    expect(wav.readUInt32LE(40) / 2 / SIM_SAMPLE_RATE).toBeCloseTo(1, 1);
  });

  it('list -> catalog with size, duration and date; delete -> catalog without it', async () => {
    h = await startHarness();
    await h.send('start_record_to_file', {});
    await sleep(250);
    await h.send('stop_record');
    await h.send('start_record_to_file', { name: 'second' });
    await h.send('stop_record');
    await h.send('list');
    const { recordings } = lastCatalog(h);
    expect(recordings.map((r) => r.name)).toContain('second.wav');
    expect(recordings).toHaveLength(2);
    const first = recordings.find((r) => r.name !== 'second.wav');
    expect(first?.name).toMatch(/^take-.*\.wav$/);
    expect(first?.durationSec).toBeGreaterThan(0.1);
    expect(first?.sizeBytes).toBeGreaterThan(44);

    await h.send('delete', { name: 'second.wav' });
    expect(lastCatalog(h).recordings.map((r) => r.name)).toEqual([first?.name]);
  });

  it('delete of the recording in progress stops it first (not_recording, then catalog)', async () => {
    h = await startHarness();
    await h.send('start_record_to_file', { name: 'live' });
    const from = h.mark();
    await h.send('delete', { name: 'live.wav' });
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['not_recording', 'catalog']);
    expect(lastCatalog(h).recordings).toEqual([]);
  });

  it('never reaches outside its folder, and unknown names -> error RECORDING_NOT_FOUND', async () => {
    h = await startHarness();
    await writeFile(join(h.dir, 'outside.wav'), 'x');
    for (const name of ['../outside.wav', 'nope.wav', '.hidden']) {
      await h.send('delete', { name });
      expect(lastError(h).code).toBe('RECORDING_NOT_FOUND');
    }
    expect(await readFile(join(h.dir, 'outside.wav'), 'utf8')).toBe('x');
    expect(fileNameFor('../../etc/passwd')).toBe('__.._etc_passwd.wav');
    await h.send('start_record_to_file', { name: '../escape' });
    expect(h.transport.signals('recording').at(-1)?.data).toMatchObject({ name: '__escape.wav' });
  });

  it('a second start while recording -> error RECORDING_FAILED; stop_record when idle -> not_recording', async () => {
    h = await startHarness();
    await h.send('start_record_to_file', { name: 'a' });
    await h.send('start_record_to_file', { name: 'b' });
    expect(lastError(h).code).toBe('RECORDING_FAILED');
    await h.send('stop_record');
    const from = h.mark();
    await h.send('stop_record');
    expect(h.transport.published.slice(from)).toEqual([{ signal: 'not_recording', data: {} }]);
  });

  it('a name already taken gets a number', async () => {
    h = await startHarness();
    for (let i = 0; i < 2; i++) {
      await h.send('start_record_to_file', { name: 'same' });
      await h.send('stop_record');
    }
    expect(h.transport.signals('recording').map((s) => (s.data as { name: string }).name)).toEqual([
      'same.wav',
      'same-2.wav',
    ]);
  });

  it('stop ends the recording in progress (not_recording before bye)', async () => {
    h = await startHarness();
    await h.send('start_record_to_file', { name: 'x' });
    const from = h.mark();
    await h.send('stop');
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['not_recording', 'bye']);
  });

  it('fault RECORDING_FAILED: start_record_to_file -> error RECORDING_FAILED', async () => {
    h = await startHarness({ faults: ['RECORDING_FAILED'] });
    await h.send('start_record_to_file', {});
    expect(lastError(h).code).toBe('RECORDING_FAILED');
  });

  it('below 0.6.4: recording works but list and delete are unknown', async () => {
    h = await startHarness({ version: '0.6.3' });
    await h.send('start_record_to_file', { name: 'old' });
    await h.send('stop_record');
    expect(h.transport.signals('not_recording')).toHaveLength(1);
    for (const [action, data] of [
      ['list', undefined],
      ['delete', { name: 'old.wav' }],
    ] as const) {
      await h.send(action, data);
      expect(lastError(h).code).toBe('INVALID_COMMAND');
    }
  });
});
