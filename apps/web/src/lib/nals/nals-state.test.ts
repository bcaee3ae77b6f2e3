import { describe, expect, it } from 'vitest';
import { NALS_MESSAGE_LOG_CAP, PING_WINDOW, supports, type CurrentConfig, type Effects } from '@tutti/contract/nals';
import {
  initialNalsState,
  nalsStatus,
  reduceLink,
  reduceSignal,
  requestsAfterHello,
  type NalsState,
  type SignalMessage,
} from './nals-state';
import { sampleConfig, sampleEffects } from './test-fixtures';

const NOW = 1_700_000_000_000;
const effectsGate = (version: string) => supports(version, 'effects');
const apply = (state: NalsState, message: SignalMessage) => reduceSignal(state, message, NOW, effectsGate);

const config: CurrentConfig = sampleConfig();
const cards = [{ id: 'sim-builtin', name: 'Built-in', inputs: 2, outputs: 2 }];
const effects: Effects = sampleEffects({ delay: { enabled: false }, chorus: null });

const hello = (version = '0.11.0'): SignalMessage => ({
  signal: 'hello',
  data: { name: 'NALS', host: 'localhost', hostname: 'studio', version },
});

/** A client that said hello and reported everything. */
function connected(): NalsState {
  let state = apply(initialNalsState, hello()).state;
  state = apply(state, { signal: 'current_config', data: config }).state;
  state = apply(state, { signal: 'sound_card_list', data: { cards } }).state;
  return apply(state, { signal: 'native_info', data: { engine: 'simulated', os: 'linux', effects } }).state;
}

describe('reduceSignal', () => {
  it('hello: connected, identity kept, then config, sound cards and (from 0.10.0) effects requested', () => {
    const { state, commands } = apply(initialNalsState, hello('0.10.0'));
    expect(state).toMatchObject({ isConnected: true, name: 'NALS', host: 'localhost', hostname: 'studio' });
    expect(state.version).toBe('0.10.0');
    expect(commands.map((c) => c.action)).toEqual(['get_current_config', 'get_sound_card_list', 'native_effects']);
  });

  it('hello from a client older than 0.10.0 asks for no effects', () => {
    const { commands } = apply(initialNalsState, hello('0.9.0'));
    expect(commands.map((c) => c.action)).toEqual(['get_current_config', 'get_sound_card_list']);
    expect(requestsAfterHello(false)).toEqual(commands);
  });

  it('bye: disconnected, config, messages and sound cards cleared', () => {
    let state = connected();
    state = apply(state, { signal: 'error', data: { code: 'AUDIO_DRIVER_NOT_STARTED' } }).state;
    const { state: after, commands } = apply(state, { signal: 'bye', data: undefined });
    expect(commands).toEqual([]);
    expect(after).toMatchObject({
      isConnected: false,
      currentConfig: null,
      messages: [],
      soundcardList: [],
      effects: null,
      hasError: false,
      hasAudioDriverError: false,
    });
  });

  it('current_config, sound_card_list and native_info are kept as the client reports them', () => {
    const state = connected();
    expect(state.currentConfig).toEqual(config);
    expect(state.soundcardList).toEqual(cards);
    expect(state.effects).toEqual(effects);
    expect(state.native).toEqual({ engine: 'simulated', os: 'linux' });
  });

  it('native_info without effects keeps the effects already known', () => {
    const state = apply(connected(), { signal: 'native_info', data: { engine: 'x', os: 'mac', effects: null } }).state;
    expect(state.effects).toEqual(effects);
  });

  it('error: the first sets hasError, is logged with its time; AUDIO_DRIVER_NOT_STARTED sets the driver flag', () => {
    const first = apply(connected(), { signal: 'error', data: { code: 'SOUND_CARD_NOT_FOUND', message: 'gone' } });
    expect(first.state.hasError).toBe(true);
    expect(first.state.hasAudioDriverError).toBe(false);
    expect(first.state.messages).toEqual([
      { timestamp: NOW, code: 'SOUND_CARD_NOT_FOUND', isError: true, message: 'gone' },
    ]);
    const driver = apply(first.state, { signal: 'error', data: { code: 'AUDIO_DRIVER_NOT_STARTED' } });
    expect(driver.state.hasAudioDriverError).toBe(true);
    expect(driver.state.messages).toHaveLength(2);
  });

  it('NALS_NOT_FOUND asks the layout for the "not installed" dialog', () => {
    const state = apply(initialNalsState, { signal: 'error', data: { code: 'NALS_NOT_FOUND' } }).state;
    expect(state.notFoundCount).toBe(1);
  });

  it('keeps the latest 100 messages', () => {
    let state = connected();
    for (let i = 0; i < NALS_MESSAGE_LOG_CAP + 5; i++) {
      state = apply(state, { signal: 'status', data: { code: `S${i}` } }).state;
    }
    expect(state.messages).toHaveLength(NALS_MESSAGE_LOG_CAP);
    expect(state.messages[0]!.code).toBe('S5');
    expect(state.messages.at(-1)!.code).toBe(`S${NALS_MESSAGE_LOG_CAP + 4}`);
    expect(state.messages.every((m) => !m.isError)).toBe(true);
  });

  it('status with progress moves the upgrade bar instead of the log', () => {
    let state = connected();
    state = { ...state, upgrade: { ...state.upgrade, phase: 'downloading', target: '0.12.0', progress: 0 } };
    const next = apply(state, { signal: 'status', data: { code: 'DOWNLOAD_PROGRESS', progress: 0.5 } }).state;
    expect(next.upgrade.progress).toBe(0.5);
    expect(next.messages).toEqual([]);
  });

  it('nals_upgrade_ready during a download answers nals_upgrade, once', () => {
    let state = connected();
    state = { ...state, upgrade: { ...state.upgrade, phase: 'downloading', target: '0.12.0', progress: 1 } };
    const ready = apply(state, { signal: 'nals_upgrade_ready', data: { version: '0.12.0' } });
    expect(ready.commands).toEqual([{ action: 'nals_upgrade', data: { version: '0.12.0' } }]);
    const again = apply(ready.state, { signal: 'nals_upgrade_ready', data: { version: '0.12.0' } });
    expect(again.commands).toEqual([]);
  });

  it('ping keeps a rolling window of round trips and the slots; cl_ping the broker round trip', () => {
    let state = connected();
    for (let i = 1; i <= PING_WINDOW + 2; i++) {
      state = apply(state, { signal: 'ping', data: { rttMs: i, slots: { '1': i * 2 } } }).state;
    }
    expect(state.pings).toHaveLength(PING_WINDOW);
    expect(state.pings[0]).toBe(3);
    expect(state.slotPings).toEqual({ '1': (PING_WINDOW + 2) * 2 });
    expect(apply(state, { signal: 'cl_ping', data: { rttMs: 1.5 } }).state.clPingMs).toBe(1.5);
  });

  it('cnx and dis follow the room connection; audio_levels while in it', () => {
    const levels = { input: 0.5, output: 0.25, slots: { '0': 0.1 } };
    let state = apply(connected(), { signal: 'cnx', data: { ip: '127.0.0.1', port: 7400, player: 0 } }).state;
    expect(state.room).toEqual({ ip: '127.0.0.1', port: 7400, player: 0 });
    state = apply(state, { signal: 'audio_levels', data: levels }).state;
    expect(state.levels).toEqual(levels);
    state = apply(state, { signal: 'dis', data: { reason: 'lost' } }).state;
    expect(state).toMatchObject({ room: null, roomEnd: 'lost', levels: null });
  });

  it('recording, not_recording and catalog follow the local recordings', () => {
    const recording = { name: 'take-1', startedAt: '2025-01-01T10:00:00Z', maxSeconds: 600 };
    let state = apply(connected(), { signal: 'recording', data: recording }).state;
    expect(state.recording).toEqual(recording);
    state = apply(state, { signal: 'not_recording', data: { name: 'take-1' } }).state;
    expect(state.recording).toBeNull();
    const recordings = [{ name: 'take-1', sizeBytes: 10, durationSec: 1, createdAt: '2025-01-01T10:00:00Z' }];
    state = apply(state, { signal: 'catalog', data: { recordings } }).state;
    expect(state.recordings).toEqual(recordings);
    // A new catalog replaces the old one (after a delete, without the deleted file); none of these asks anything.
    const after = apply(state, { signal: 'catalog', data: { recordings: [] } });
    expect(after).toEqual({ state: { ...state, recordings: [] }, commands: [] });
    // A client that leaves takes its recording in progress and its catalog with it.
    state = apply(apply(state, { signal: 'recording', data: recording }).state, { signal: 'bye', data: {} }).state;
    expect(state).toMatchObject({ recording: null, recordings: null });
  });

  it('private_chat_message is kept with its time', () => {
    const state = apply(connected(), { signal: 'private_chat_message', data: { from: 'ana', text: 'hi' } }).state;
    expect(state.chat).toEqual([{ from: 'ana', text: 'hi', timestamp: NOW }]);
  });
});

describe('reduceLink', () => {
  it('losing the broker marks the client disconnected but keeps its log', () => {
    let state = apply(connected(), { signal: 'status', data: { code: 'READY' } }).state;
    state = reduceLink(state, 'offline');
    expect(state).toMatchObject({ link: 'offline', isConnected: false });
    expect(state.messages).toHaveLength(1);
    expect(reduceLink(state, 'connecting').link).toBe('connecting');
  });
});

describe('nalsStatus', () => {
  it('error first, then connected, else disconnected', () => {
    expect(nalsStatus({ hasError: true, isConnected: true })).toBe('error');
    expect(nalsStatus({ hasError: false, isConnected: true })).toBe('connected');
    expect(nalsStatus({ hasError: false, isConnected: false })).toBe('disconnected');
  });
});
