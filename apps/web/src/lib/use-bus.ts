import { useEffect, useRef } from 'react';
import type { BusClient } from './bus-client';
import { loadBusSchemas, type BusEventOf, type BusEventSchemaName } from './bus-schemas';
import { api } from './api';
import { isTokenExpired } from './jwt';
import { getAccessToken } from './session';

/**
 * The signed-in user's one bus connection, shared by every component of the page (SPEC: one WebSocket per page).
 * The client and the contract's bus module load on first use, so the first page does not ship them.
 */
let client: Promise<BusClient> | null = null;
let running = false;
/** busHost of v1/config, read once per start: it only changes with a redeployment, which reloads the page. */
let busHost: Promise<string> | null = null;

async function busUrl(renew: boolean): Promise<string> {
  busHost ??= api.call('getConfig', { query: { current: 'true' } }).then((config) => config.busHost);
  let host: string;
  try {
    host = await busHost;
  } catch (error) {
    busHost = null; // tried again on the next reconnection
    throw error;
  }
  // The api client owns refreshing (single flight, cross-tab lock, logout on refusal): the bus only asks it.
  const access = getAccessToken();
  if (renew || access === null || isTokenExpired(access)) {
    if (!(await api.refresh())) throw new Error('signed out');
  }
  const token = getAccessToken();
  if (token === null) throw new Error('signed out');
  const url = new URL(host, window.location.href);
  url.searchParams.set('token', token);
  return url.toString();
}

function getClient(): Promise<BusClient> {
  client ??= import('./bus-client').then(({ createBusClient }) =>
    createBusClient({
      url: busUrl,
      // The device was revoked: one API call meets the same refusal, and the api client then logs out.
      onRevoked: () => void api.call('getMe').catch(() => undefined),
    }),
  );
  return client;
}

/** Connects the bus (signed-in effects call it once a user is signed in). */
export function startBus(): void {
  running = true;
  void getClient().then((c) => {
    if (running) c.start();
  });
}

/** Disconnects the bus: on sign-out, and when the page is left (pagehide). startBus() connects it again. */
export function closeBus(): void {
  running = false;
  busHost = null;
  void client?.then((c) => c.close());
}

/** PUBLISHes on a topic (a conversation's typing); dropped when the bus is not connected. */
export function publishBus(topic: string, data: unknown): void {
  void getClient().then((c) => c.publish(topic, data));
}

/**
 * Calls `onMessage` with every event of `topic` (see packages/contract/src/bus.ts for topics and payloads) while the
 * component is mounted; `null` subscribes to nothing. The subscription follows `topic` only: a new `onMessage` on
 * each render is used without resubscribing. `onResubscribed` runs after the connection was lost and came back:
 * events may have been missed, so reload what the page shows.
 */
export function useBusTopic(
  topic: string | null,
  onMessage: (data: unknown) => void,
  onResubscribed?: () => void,
): void {
  const latest = useRef({ onMessage, onResubscribed });
  useEffect(() => {
    latest.current = { onMessage, onResubscribed };
  });
  useEffect(() => {
    if (topic === null) return undefined;
    let unsubscribe: (() => void) | null = null;
    let active = true;
    void getClient().then((c) => {
      if (!active) return;
      unsubscribe = c.subscribe(
        topic,
        (data) => latest.current.onMessage(data),
        () => latest.current.onResubscribed?.(),
      );
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [topic]);
}

/**
 * useBusTopic, with each event checked against one of the contract's event schemas (named, not imported: the schemas
 * load with the first message, lib/bus-schemas.ts). `onEvent` gets the events that match; others are dropped.
 */
export function useBusEvent<K extends BusEventSchemaName>(
  topic: string | null,
  schema: K,
  onEvent: (event: BusEventOf<K>) => void,
  onResubscribed?: () => void,
): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useBusTopic(
    topic,
    (data) =>
      void loadBusSchemas().then((bus) => {
        const parsed = bus[schema].safeParse(data);
        if (parsed.success) latest.current(parsed.data as BusEventOf<K>);
      }),
    onResubscribed,
  );
}
