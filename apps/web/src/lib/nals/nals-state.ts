import { NALS_MESSAGE_LOG_CAP, PING_WINDOW } from '@tutti/contract/nals-constants';
import type { CurrentConfig, Effects, NalsSignal, NalsSignalData, SoundCard } from '@tutti/contract/nals';
import { initialUpgrade, upgradeReducer, type UpgradeState } from './upgrade';
import type { NalsCommand } from './commands';

export const AUDIO_DRIVER_NOT_STARTED = 'AUDIO_DRIVER_NOT_STARTED';
export const NALS_NOT_FOUND = 'NALS_NOT_FOUND';

/** One line of the audio client's log (spec section 3): errors and status messages, the latest 100 kept. */
export interface NalsMessage {
  timestamp: number;
  code: string;
  isError: boolean;
  message?: string;
}

export type BrokerLinkState = 'off' | 'connecting' | 'online' | 'offline';

/** A signal as it arrives, already checked against the contract. */
export type SignalMessage = { [S in NalsSignal]: { signal: S; data: NalsSignalData<S> } }[NalsSignal];

/** Spec section 3's audio client state, plus what the other signals carry. */
export interface NalsState {
  /** The page's own link to the broker (not the audio client's). */
  link: BrokerLinkState;
  isConnected: boolean;
  hasError: boolean;
  hasAudioDriverError: boolean;
  name: string | null;
  host: string | null;
  hostname: string | null;
  version: string | null;
  messages: NalsMessage[];
  soundcardList: SoundCard[];
  currentConfig: CurrentConfig | null;
  effects: Effects | null;
  native: { engine: string; os: string } | null;
  room: NalsSignalData<'cnx'> | null;
  roomEnd: NalsSignalData<'dis'>['reason'] | null;
  /** Round trips to the room server, the latest PING_WINDOW of them. */
  pings: number[];
  slotPings: Record<string, number>;
  clPingMs: number | null;
  levels: NalsSignalData<'audio_levels'> | null;
  recording: NalsSignalData<'recording'> | null;
  recordings: NalsSignalData<'catalog'>['recordings'] | null;
  chat: (NalsSignalData<'private_chat_message'> & { timestamp: number })[];
  upgrade: UpgradeState;
  /** Increases each time the client reports NALS_NOT_FOUND: the layout opens the "not installed" dialog. */
  notFoundCount: number;
}

export const initialNalsState: NalsState = {
  link: 'off',
  isConnected: false,
  hasError: false,
  hasAudioDriverError: false,
  name: null,
  host: null,
  hostname: null,
  version: null,
  messages: [],
  soundcardList: [],
  currentConfig: null,
  effects: null,
  native: null,
  room: null,
  roomEnd: null,
  pings: [],
  slotPings: {},
  clPingMs: null,
  levels: null,
  recording: null,
  recordings: null,
  chat: [],
  upgrade: initialUpgrade,
  notFoundCount: 0,
};

/** Adds a line to a log capped at `cap`, dropping the oldest. */
export function capped<T>(list: readonly T[], item: T, cap: number): T[] {
  const next = [...list, item];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

const log = (state: NalsState, message: NalsMessage) => capped(state.messages, message, NALS_MESSAGE_LOG_CAP);

/** What a client that said bye (or was lost) leaves behind: nothing of its session. */
const forgetClient = (state: NalsState): NalsState => ({
  ...state,
  isConnected: false,
  hasError: false,
  hasAudioDriverError: false,
  messages: [],
  soundcardList: [],
  currentConfig: null,
  effects: null,
  room: null,
  levels: null,
  recording: null,
  recordings: null,
});

export interface SignalOutcome {
  state: NalsState;
  /** Commands the page sends in answer (after hello, on upgrade ready). */
  commands: NalsCommand[];
}

/** After hello (spec section 4): the current config, the sound card list and, from 0.10.0, the effects. */
export function requestsAfterHello(effectsSupported: boolean): NalsCommand[] {
  const commands: NalsCommand[] = [{ action: 'get_current_config' }, { action: 'get_sound_card_list' }];
  if (effectsSupported) commands.push({ action: 'native_effects' });
  return commands;
}

/**
 * Every signal's effect on the state, as spec sections 3, 4 and 8 say; pure, so each one is unit-tested.
 * `supportsEffects` tells whether a client of this version has effects (version gate 0.10.0).
 */
export function reduceSignal(
  state: NalsState,
  message: SignalMessage,
  now: number,
  supportsEffects: (version: string) => boolean,
): SignalOutcome {
  const same = { state, commands: [] };
  switch (message.signal) {
    case 'hello': {
      const { name, host, hostname, version } = message.data;
      const upgrade = upgradeReducer(state.upgrade, { type: 'hello', version });
      return {
        state: { ...state, isConnected: true, name, host, hostname, version, upgrade: upgrade.state },
        commands: requestsAfterHello(supportsEffects(version)),
      };
    }
    case 'bye':
      return { state: forgetClient(state), commands: [] };
    case 'sound_card_list':
      return { state: { ...state, soundcardList: message.data.cards }, commands: [] };
    case 'current_config':
      return { state: { ...state, currentConfig: message.data }, commands: [] };
    case 'native_info': {
      const { engine, os, effects } = message.data;
      return { state: { ...state, native: { engine, os }, effects: effects ?? state.effects }, commands: [] };
    }
    case 'error': {
      const { code, message: text } = message.data;
      const upgrade = upgradeReducer(state.upgrade, { type: 'error', code });
      return {
        state: {
          ...state,
          hasError: true,
          hasAudioDriverError: state.hasAudioDriverError || code === AUDIO_DRIVER_NOT_STARTED,
          messages: log(state, { timestamp: now, code, isError: true, message: text }),
          upgrade: upgrade.state,
          notFoundCount: code === NALS_NOT_FOUND ? state.notFoundCount + 1 : state.notFoundCount,
        },
        commands: upgrade.commands,
      };
    }
    case 'status': {
      const { code, message: text, progress } = message.data;
      if (progress !== undefined) {
        // Download progress moves the banner's bar; logging each step would flood the log.
        const upgrade = upgradeReducer(state.upgrade, { type: 'progress', value: progress });
        return { state: { ...state, upgrade: upgrade.state }, commands: upgrade.commands };
      }
      return {
        state: { ...state, messages: log(state, { timestamp: now, code, isError: false, message: text }) },
        commands: [],
      };
    }
    case 'nals_upgrade_ready': {
      const upgrade = upgradeReducer(state.upgrade, { type: 'ready', version: message.data.version });
      return { state: { ...state, upgrade: upgrade.state }, commands: upgrade.commands };
    }
    case 'ping': {
      const { rttMs, slots } = message.data;
      return {
        state: { ...state, pings: capped(state.pings, rttMs, PING_WINDOW), slotPings: slots ?? state.slotPings },
        commands: [],
      };
    }
    case 'cl_ping':
      return { state: { ...state, clPingMs: message.data.rttMs }, commands: [] };
    case 'audio_levels':
      return { state: { ...state, levels: message.data }, commands: [] };
    case 'cnx':
      return { state: { ...state, room: message.data, roomEnd: null, pings: [], slotPings: {} }, commands: [] };
    case 'dis':
      return { state: { ...state, room: null, roomEnd: message.data.reason, levels: null }, commands: [] };
    case 'recording':
      return { state: { ...state, recording: message.data }, commands: [] };
    case 'not_recording':
      return { state: { ...state, recording: null }, commands: [] };
    case 'catalog':
      return { state: { ...state, recordings: message.data.recordings }, commands: [] };
    case 'private_chat_message':
      return {
        state: { ...state, chat: capped(state.chat, { ...message.data, timestamp: now }, NALS_MESSAGE_LOG_CAP) },
        commands: [],
      };
    default:
      return same;
  }
}

/** The broker link changed. Losing it means the client can no longer be reached: disconnected (spec section 8). */
export function reduceLink(state: NalsState, link: BrokerLinkState): NalsState {
  if (link === 'online' || link === 'connecting') return { ...state, link };
  return { ...state, link, isConnected: false, room: null, levels: null };
}

/** The status icon (spec section 2): error first, then connected, else disconnected. */
export type NalsStatus = 'error' | 'connected' | 'disconnected';
export const nalsStatus = (state: Pick<NalsState, 'hasError' | 'isConnected'>): NalsStatus =>
  state.hasError ? 'error' : state.isConnected ? 'connected' : 'disconnected';
