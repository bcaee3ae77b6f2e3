import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { BUS_CLOSE_REVOKED } from '@tutti/contract/bus';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthContext } from './auth-guard.ts';
import { BUS_REVERIFY_TOPIC, type DeviceRevocation, type PubSub } from './pubsub.ts';

/** Whether an announced revocation covers this connection's device. */
export const isRevoked = (auth: AuthContext, revocation: DeviceRevocation): boolean =>
  'deviceId' in revocation
    ? auth.deviceId === revocation.deviceId
    : auth.accountId === revocation.accountId && auth.deviceId !== revocation.exceptDeviceId;

/** What the sweep sees of a bus connection. */
export interface CheckedConnection {
  socket: WebSocket;
  auth: AuthContext | null;
}

export interface Reverifier {
  /** Starts a sweep, or, when one runs, another once it ends (what it was asked for may postdate its start). */
  run(reason: string): Promise<void>;
  /** Sweeps every `intervalMs` from now on, besides those the pubsub causes. */
  start(intervalMs: number): void;
  stop(): void;
}

/**
 * Checks every connection of the bus again: its device still signed in (else closed with 4403), then each topic's
 * subscribers still allowed (the bus's recheck). It is what keeps revocation and a session turned private from
 * depending on Redis: it runs after each Redis reconnection (asking the other instances to run theirs: what this one
 * published meanwhile never reached them), when another instance asks, and periodically. One check at a time with the event loop free between them, so a sweep of thousands of connections
 * never stalls the API; each device is asked once per sweep, whatever its number of connections.
 */
export function createReverifier(deps: {
  connections: () => Iterable<CheckedConnection>;
  topics: () => Iterable<string>;
  recheck: (topic: string) => Promise<void>;
  isSignedIn: () => ((auth: AuthContext) => Promise<boolean>) | null;
  pubsub: PubSub;
  log: FastifyBaseLogger;
}): Reverifier {
  const { log, pubsub } = deps;
  /** Tells this instance's own '!reverify' apart from the others'. */
  const instance = randomUUID();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function sweep(reason: string): Promise<void> {
    const isSignedIn = deps.isSignedIn();
    if (!isSignedIn) return;
    const signedIn = new Map<string, boolean>();
    let revoked = 0;
    for (const conn of [...deps.connections()]) {
      const auth = conn.auth;
      if (!auth || stopped) continue;
      let live = signedIn.get(auth.deviceId);
      if (live === undefined) {
        await yieldToEventLoop();
        live = await isSignedIn(auth).catch((err: unknown) => {
          // The database may be away: a connection is not closed on a question that got no answer.
          log.warn({ err }, 'bus: could not check a device again');
          return true;
        });
        signedIn.set(auth.deviceId, live);
      }
      if (!live && conn.auth !== null) {
        revoked += 1;
        conn.socket.close(BUS_CLOSE_REVOKED, 'revoked');
      }
    }
    for (const topic of [...deps.topics()]) {
      if (stopped) return;
      await yieldToEventLoop();
      await deps.recheck(topic);
    }
    if (revoked > 0) log.info({ reason, revoked }, 'bus: connections of revoked devices closed on a new check');
  }

  const stopListening = pubsub.onMessage((topic, data) => {
    if (topic !== BUS_REVERIFY_TOPIC || (data as { from?: unknown } | null)?.from === instance) return;
    void run('asked by another instance');
  });
  const stopReconnects = pubsub.onReconnect?.(() => {
    void run('redis reconnected');
    void pubsub.publish(BUS_REVERIFY_TOPIC, { from: instance });
  });

  function run(reason: string): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sweep(reason);
      } while (again && !stopped);
    })()
      .catch((err: unknown) => log.error({ err, reason }, 'bus: connections not checked again'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    run,
    start(intervalMs) {
      timer = setInterval(() => void run('periodic'), intervalMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      stopListening();
      stopReconnects?.();
    },
  };
}
