import type { BusCommand } from '@tutti/contract/bus';
import { BUS_CLOSE_REVOKED, BUS_CLOSE_UNAUTHENTICATED, BUS_RECONNECT_MAX_MS } from '@tutti/contract/bus-topics';
import { loadBusSchemas, type BusSchemas } from './bus-schemas';

/** What the client needs of a WebSocket: the browser's, or a fake in tests. */
export interface BusSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type BusSocketConstructor = new (url: string) => BusSocket;

export type BusHandler = (data: unknown) => void;

export interface BusClientOptions {
  /**
   * The bus URL with a fresh access token. `renew` is true after the server refused the token (close 4401): the
   * token must be refreshed even if it does not look expired. A rejection is retried like a lost connection.
   */
  url: (renew: boolean) => Promise<string>;
  WebSocketImpl?: BusSocketConstructor;
  /** The device was revoked (close 4403): the app logs out. The client stops until start() is called again. */
  onRevoked: () => void;
  /** A command was refused (forbidden or unknown topic…); the default only warns in the console. */
  onRefused?: (topic: string, code: string, message: string) => void;
  /** The schemas messages are checked with, loaded with the first message (lib/bus-schemas.ts by default). */
  schemas?: () => Promise<BusSchemas>;
}

export interface BusClient {
  /**
   * Calls `handler` with every event of `topic`. SUBSCRIBE goes out for the topic's first handler (once the socket
   * is open), UNSUBSCRIBE after its last. `onResubscribed` runs when the topic is subscribed again after a lost
   * connection: events may have been missed meanwhile, so a page reloads what it shows.
   */
  subscribe(topic: string, handler: BusHandler, onResubscribed?: () => void): () => void;
  /** Connects and keeps connecting until close(). Calling it while started does nothing. */
  start(): void;
  /** Closes the socket; no reconnection until start(). Subscriptions are kept and sent again on the next start. */
  close(): void;
  /** Whether the socket is open now (for tests and diagnostics). */
  isOpen(): boolean;
  /**
   * PUBLISHes `data` on `topic` (the one such topic today: a conversation's typing). Fire and forget: nothing is
   * queued while the connection is down, since what a page publishes (typing) is only worth sending now.
   */
  publish(topic: string, data: unknown): void;
}

const OPEN = 1;

/** 10^retry ms: 1, 10, 100, 1000, 10000, then the cap. */
export function reconnectDelay(retry: number): number {
  return Math.min(10 ** retry, BUS_RECONNECT_MAX_MS);
}

interface TopicEntry {
  handlers: Set<BusHandler>;
  resync: Set<() => void>;
  /** Subscribed while no connection was open: what its subscriber loaded was not followed live until the SUBSCRIBE
   *  went out, so the first open resynchronizes it as a reconnection would (an event of that gap is not lost). */
  beforeOpen: boolean;
}

export function createBusClient(options: BusClientOptions): BusClient {
  const Impl: BusSocketConstructor = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as BusSocketConstructor);
  const onRefused =
    options.onRefused ?? ((topic, code, message) => console.warn(`bus: ${code} on ${topic}: ${message}`));
  const topics = new Map<string, TopicEntry>();
  let socket: BusSocket | null = null;
  let started = false;
  let retry = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Each connection attempt gets a number, so an attempt overtaken by close()/start() drops its late socket.
  let generation = 0;
  // A connection was open before: the next open is a reconnection, whose subscribers resynchronize.
  let wasOpen = false;

  function send(command: BusCommand): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(command));
  }

  function scheduleReconnect(renew: boolean): void {
    if (!started || timer !== null) return;
    const delay = reconnectDelay(retry);
    retry += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect(renew);
    }, delay);
  }

  // Messages are handled one after the other, in their order of arrival, once the schemas are here.
  let handled: Promise<void> = Promise.resolve();
  const schemas = options.schemas ?? loadBusSchemas;

  function dispatch(raw: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(String(raw));
    } catch {
      return; // not ours to interpret; the server only sends JSON
    }
    handled = handled
      .then(async () => handle(await schemas(), message))
      .catch((error: unknown) => console.warn('bus: a message could not be handled', error));
  }

  function handle({ BusErrorSchema, BusMessageSchema }: BusSchemas, message: unknown): void {
    const refusal = BusErrorSchema.safeParse(message);
    if (refusal.success) {
      onRefused(refusal.data.topic, refusal.data.error.code, refusal.data.error.message);
      return;
    }
    const event = BusMessageSchema.safeParse(message);
    if (!event.success) return;
    const entry = topics.get(event.data.topic);
    // A copy: a handler may unsubscribe (itself or another) while we iterate.
    for (const handler of [...(entry?.handlers ?? [])]) handler(event.data.data);
  }

  async function connect(renew: boolean): Promise<void> {
    const attempt = ++generation;
    let url: string;
    try {
      url = await options.url(renew);
    } catch {
      if (attempt === generation) scheduleReconnect(renew);
      return;
    }
    if (!started || attempt !== generation) return;
    let ws: BusSocket;
    try {
      ws = new Impl(url);
    } catch {
      scheduleReconnect(false);
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      retry = 0;
      const reconnected = wasOpen;
      wasOpen = true;
      for (const topic of topics.keys()) send({ command: 'SUBSCRIBE', topic });
      for (const entry of [...topics.values()]) {
        const stale = reconnected || entry.beforeOpen;
        entry.beforeOpen = false;
        if (stale) for (const fn of [...entry.resync]) fn();
      }
    };
    ws.onmessage = (event) => {
      if (socket === ws) dispatch(event.data);
    };
    ws.onerror = () => undefined; // a close event follows, which decides what to do
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === BUS_CLOSE_REVOKED) {
        started = false;
        options.onRevoked();
        return;
      }
      scheduleReconnect(event.code === BUS_CLOSE_UNAUTHENTICATED);
    };
  }

  return {
    subscribe(topic, handler, onResubscribed) {
      let entry = topics.get(topic);
      if (!entry) {
        entry = { handlers: new Set(), resync: new Set(), beforeOpen: socket?.readyState !== OPEN };
        topics.set(topic, entry);
        send({ command: 'SUBSCRIBE', topic }); // queued otherwise: onopen sends every topic
      }
      // Wrapped so that the same function subscribed twice counts twice.
      const own: BusHandler = (data) => handler(data);
      const resync = onResubscribed ? () => onResubscribed() : null;
      entry.handlers.add(own);
      if (resync) entry.resync.add(resync);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = topics.get(topic);
        if (!current) return;
        current.handlers.delete(own);
        if (resync) current.resync.delete(resync);
        if (current.handlers.size === 0) {
          topics.delete(topic);
          send({ command: 'UNSUBSCRIBE', topic });
        }
      };
    },
    start() {
      if (started) return;
      started = true;
      retry = 0;
      void connect(false);
    },
    close() {
      started = false;
      generation += 1;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close(1000);
    },
    isOpen: () => socket?.readyState === OPEN,
    publish(topic, data) {
      send({ command: 'PUBLISH', topic, data });
    },
  };
}
