import { createStore, useStore } from 'zustand';
import {
  NALS_CONNECT_TIMEOUT_MS,
  NALS_KEEPALIVE_SECONDS,
  NALS_QOS,
  nalsInTopic,
  nalsOutTopic,
  supports,
} from '@tutti/contract/nals-constants';
import { setAgentNalsVersion } from '../agent';
import { api } from '../api';
import { isTokenExpired } from '../jwt';
import { loadMqtt, openBroker, type BrokerLink, type BrokerStatus, type MqttModule } from '../mqtt-client';
import { getAccessToken } from '../session';
import { provideNalsConnection } from './nals-connected';
import type { NalsCommand } from './commands';
import { initialNalsState, reduceLink, reduceSignal, type NalsState, type SignalMessage } from './nals-state';
import { loadedNalsProtocol, loadNalsProtocol } from './protocol-loader';
import { upgradeReducer, type UpgradeEvent } from './upgrade';

/** Pause between two attempts to reach the broker again. */
export const BROKER_RETRY_MS = 2_000;

export const nalsStore = createStore<NalsState>(() => initialNalsState);
export const useNals = <T>(selector: (state: NalsState) => T): T => useStore(nalsStore, selector);
provideNalsConnection(nalsStore);

type SignalListener = (message: SignalMessage) => void;
const listeners = new Set<SignalListener>();

let link: BrokerLink | null = null;
let inTopic: string | null = null;

/** The page's hello, sent on each broker connection: it carries no data, so it needs none of the protocol's checks. */
const HELLO = JSON.stringify({ action: 'hello' });

function publish(command: NalsCommand): boolean {
  if (!link || !inTopic) return false;
  // A page whose client is not running then never loads the checks (zod and the schemas): they come with the client's
  // first signal or the page's first other command (issue 9: the hall's total blocking time on a phone).
  if (command.action === 'hello') return link.publish(inTopic, HELLO);
  const protocol = loadedNalsProtocol();
  if (!protocol) {
    // The page's first command other than hello (nals_start, say): it goes out once the checks are here.
    void loadNalsProtocol().then(
      () => publish(command),
      (error: unknown) => console.error(`nals: "${command.action}" not sent, the protocol did not load`, error),
    );
    return true;
  }
  const payload = protocol.encodeCommand(command);
  return payload !== null && link.publish(inTopic, payload);
}

/**
 * Sends a command to the audio client. Spec section 8: while the client is not connected, the command is dropped and
 * only logged to the console. A null command (hidden by a version gate, nothing to change) is ignored.
 */
export function sendCommand(command: NalsCommand | null): boolean {
  if (!command) return false;
  if (!nalsStore.getState().isConnected) {
    console.info(`nals: audio client not connected, "${command.action}" dropped`);
    return false;
  }
  return publish(command);
}

/**
 * Asks the audio client to start its engine, even though the page counts it as disconnected: a client that was
 * stopped said bye but still listens, and nals_start is the one command meant for that state.
 */
export function startClient(): boolean {
  return publish({ action: 'nals_start' });
}

/** Listens to every signal after the store applied it (the self-check waits for cnx, ping and dis this way). */
export function onSignal(listener: SignalListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Messages that arrived before the protocol's checks, handled in their order once those are here.
let waiting = 0;
let backlog: Promise<void> = Promise.resolve();

/** One message from `/out`: checked, applied to the state, answered (hello, upgrade ready), then announced. */
export function receive(payload: string, now: number = Date.now()): void {
  const protocol = loadedNalsProtocol();
  if (protocol && waiting === 0) {
    apply(protocol.parseSignal(payload), now);
    return;
  }
  waiting += 1;
  backlog = backlog
    .then(() => loadNalsProtocol())
    .then((loaded) => apply(loaded.parseSignal(payload), now))
    .catch((error: unknown) => console.error('nals: a message could not be read', error))
    .finally(() => {
      waiting -= 1;
    });
}

function apply(message: SignalMessage | null, now: number): void {
  if (!message) return;
  const outcome = reduceSignal(nalsStore.getState(), message, now, (version) => supports(version, 'effects'));
  nalsStore.setState(outcome.state, true);
  outcome.commands.forEach(sendCommand);
  for (const listener of listeners) listener(message);
}

/** A user action on the upgrade banner. */
export function upgradeAction(event: UpgradeEvent): void {
  const outcome = upgradeReducer(nalsStore.getState().upgrade, event);
  nalsStore.setState({ upgrade: outcome.state });
  outcome.commands.forEach(sendCommand);
}

const LINK_STATES: Record<BrokerStatus, NalsState['link']> = {
  connecting: 'connecting',
  online: 'online',
  offline: 'offline',
  closed: 'off',
};

/** Before the next attempt, renew an access token that is missing or expired: the broker checks it as password. */
function renewToken(): void {
  const token = getAccessToken();
  if (!token || isTokenExpired(token)) void api.refresh().catch(() => undefined);
}

export interface NalsTarget {
  queueHost: string;
  accountId: string;
  nalsToken: string;
}

/**
 * Connects the page to its audio client through the broker (spec section 4): user id and access token as
 * credentials, the client's `/out` topic subscribed, hello sent on each (re)connection. Returns the disconnect.
 */
export function connectNals(target: NalsTarget, load: () => Promise<MqttModule> = loadMqtt): () => void {
  let disposed = false;
  let own: BrokerLink | null = null;
  inTopic = nalsInTopic(target.nalsToken);
  const outTopic = nalsOutTopic(target.nalsToken);

  openBroker(
    {
      url: target.queueHost,
      username: target.accountId,
      password: () => getAccessToken() ?? '',
      topic: outTopic,
      qos: NALS_QOS,
      keepaliveSec: NALS_KEEPALIVE_SECONDS,
      connectTimeoutMs: NALS_CONNECT_TIMEOUT_MS,
      reconnectPeriodMs: BROKER_RETRY_MS,
    },
    {
      onReady: (ready) => {
        link = ready;
        publish({ action: 'hello' });
      },
      onMessage: (payload) => receive(payload),
      onStatus: (status) => nalsStore.setState((state) => reduceLink(state, LINK_STATES[status]), true),
      onDown: renewToken,
    },
    load,
  )
    .then((opened) => {
      if (disposed) opened.close();
      else own = link = opened;
    })
    .catch((error: unknown) => {
      // The library failed to load (offline, a new deployment): the icon stays disconnected.
      console.error('nals: broker unavailable', error);
      nalsStore.setState((state) => reduceLink(state, 'offline'), true);
    });

  return () => {
    disposed = true;
    own?.close();
    if (link === own) link = null;
    nalsStore.setState(initialNalsState, true);
  };
}

/**
 * Closes the page's broker link now, after what was already published (the `disconnect` of a closing tab) has left.
 * The page is going away: nothing reconnects it; a page restored from the back-forward cache reloads instead.
 */
export function closeBroker(): void {
  link?.close({ flush: true });
  link = null;
  nalsStore.setState(initialNalsState, true);
}

// The X-Agent header names the connected client's version (spec section 7).
nalsStore.subscribe((state, previous) => {
  if (state.isConnected !== previous.isConnected || state.version !== previous.version) {
    setAgentNalsVersion(state.isConnected ? state.version : null);
  }
});

/** For the benchmark and end-to-end tests: the page's own store, driven from the browser like a user would. */
export interface NalsDebugHandle {
  getState: () => NalsState;
  send: (command: NalsCommand) => boolean;
  onSignal: typeof onSignal;
}
declare global {
  interface Window {
    __tuttiNals?: NalsDebugHandle;
  }
}
if (typeof window !== 'undefined') {
  window.__tuttiNals = { getState: nalsStore.getState, send: sendCommand, onSignal };
}
