/**
 * How services publish live events, and how the bus of every instance hears them. In memory by default (one
 * process); through Redis pub/sub with REDIS_URL (createRedisPubSub), so that a message published on one instance
 * reaches the bus subscribers of all of them. Topics and payloads: packages/contract/src/bus.ts.
 */
import { Redis } from 'ioredis';

/**
 * `encoded`, when given, is `{"topic":…,"data":…}` already serialized (Redis delivers that text): the bus sends it
 * as is instead of serializing the message again.
 */
/**
 * A control message every instance's bus acts on instead of delivering it: its data `{topic}` names a topic whose
 * subscribers must be authorized again (a session turned private). Pages can never subscribe to it (no rule knows
 * it). Publish it before the event that follows the change: each bus holds that topic's events until the check ends.
 */
export const BUS_RECHECK_TOPIC = '!recheck';
export const requestBusRecheck = (pubsub: PubSub, topic: string): Promise<void> =>
  broadcastControl(pubsub, BUS_RECHECK_TOPIC, { topic });

/** A control message every instance's bus acts on: the connections of revoked devices are closed with 4403 (a
 *  device signed out elsewhere, a replayed refresh token, a changed or recovered password). */
export const BUS_REVOKE_TOPIC = '!revoke';
/** A control message every instance's bus acts on by checking all its connections again (device still signed in,
 *  topics still allowed). An instance sends it after its Redis connection came back: what it published meanwhile
 *  (a revocation) never reached the others. `data.from` names the sender, which already checked its own. */
export const BUS_REVERIFY_TOPIC = '!reverify';

/** One device, or every device of an account but the one kept (the one that changed the password). */
export type DeviceRevocation = { deviceId: string } | { accountId: string; exceptDeviceId?: string };
export const announceRevocation = (pubsub: PubSub, revocation: DeviceRevocation): Promise<void> =>
  broadcastControl(pubsub, BUS_REVOKE_TOPIC, revocation);

/**
 * A control message acts on this instance's bus at once, whatever the state of Redis, and then travels to the
 * others: a revocation must never wait for (or be lost with) Redis where it happened. The bus may hear it twice
 * (here, then back through Redis); acting on it is idempotent.
 */
async function broadcastControl(pubsub: PubSub, topic: string, data: unknown): Promise<void> {
  // In process, publishing is the local delivery already: once is enough.
  if (!pubsub.inProcess) pubsub.deliverLocally(topic, data);
  await pubsub.publish(topic, data);
}

export type PubSubHandler = (topic: string, data: unknown, encoded?: string) => void;

export interface PubSub {
  /** Delivers to every instance's handlers, this one included. Never throws: a lost event is logged. */
  publish(topic: string, data: unknown): Promise<void>;
  /** Hands a message to this instance's handlers only, now, without the transport. */
  deliverLocally(topic: string, data: unknown): void;
  /** True when publish itself hands every message to this instance's handlers before it returns (no transport). */
  readonly inProcess?: boolean;
  /** Called for every message published anywhere; returns the unsubscribe function. */
  onMessage(handler: PubSubHandler): () => void;
  /** Transports that can lose messages (Redis) call this after each reconnection, when messages published meanwhile
   *  may never have arrived; returns the unsubscribe function. */
  onReconnect?(handler: () => void): () => void;
  close(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const handlers = new Set<PubSubHandler>();
  const deliver = (topic: string, data: unknown) => {
    for (const handler of handlers) handler(topic, data);
  };
  return {
    inProcess: true,
    async publish(topic, data) {
      deliver(topic, data);
    },
    deliverLocally: deliver,
    onMessage(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}

/** Where a Redis pub/sub reports connection trouble (ioredis reconnects by itself meanwhile). */
export interface PubSubLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Every instance of one deployment publishes to and listens on this one channel (the bus's topics travel inside
 *  the message); another deployment on the same Redis has its own. */
export const redisChannel = (deploymentId: string): string => `tutti:bus:${deploymentId}`;

export interface RedisPubSub extends PubSub {
  /** Resolves once both connections are up and the channel is subscribed; false after `timeoutMs` without. */
  ready(timeoutMs: number): Promise<boolean>;
}

/**
 * One connection publishes, one listens (a subscribed Redis connection can do nothing else). Publishing does not
 * queue while Redis is away: an event for a live page is worthless minutes later, and a request must not wait for
 * Redis, so it is logged and dropped. The listener re-subscribes by itself after a reconnection.
 */
export function createRedisPubSub(url: string, log: PubSubLog, deploymentId: string): RedisPubSub {
  const channel = redisChannel(deploymentId);
  const handlers = new Set<PubSubHandler>();
  const reconnectHandlers = new Set<() => void>();
  const publisher = new Redis(url, { enableOfflineQueue: false, connectionName: 'tutti-bus-pub' });
  const subscriber = new Redis(url, { connectionName: 'tutti-bus-sub' });
  const where = redactedUrl(url);
  for (const [role, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // Without a listener ioredis prints each failed attempt itself; one line per failure in our log instead.
    connection.on('error', (error: Error) => log.warn({ role, redis: where, err: error.message }, 'redis error'));
    connection.on('ready', () => log.info({ role, redis: where }, 'redis connected'));
  }
  // Messages published while either connection was away are lost (Redis pub/sub keeps nothing): after each
  // reconnection, and not the first connection, the bus checks its connections again.
  for (const connection of [publisher, subscriber]) {
    let connectedBefore = false;
    connection.on('ready', () => {
      if (connectedBefore) for (const handler of reconnectHandlers) handler();
      connectedBefore = true;
    });
  }

  const subscribed = subscriber.subscribe(channel).then(
    () => true,
    (error: unknown) => {
      log.error({ redis: where, err: String(error) }, 'redis subscribe failed');
      return false;
    },
  );
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      log.warn({ redis: where }, 'redis: malformed bus message dropped');
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { topic?: unknown }).topic !== 'string')
      return;
    const { topic, data } = parsed as { topic: string; data: unknown };
    for (const handler of handlers) handler(topic, data, message);
  });

  // Lost events are logged once per outage (its first, then how many on return), not once each: an outage under load
  // would otherwise write a line per event.
  let lostSinceReady = 0;
  publisher.on('ready', () => {
    if (lostSinceReady > 0) log.warn({ redis: where, lost: lostSinceReady }, 'redis back: events lost meanwhile');
    lostSinceReady = 0;
  });

  const publisherReady = new Promise<boolean>((resolve) => {
    if (publisher.status === 'ready') resolve(true);
    else publisher.once('ready', () => resolve(true));
  });

  return {
    async publish(topic, data) {
      try {
        await publisher.publish(channel, JSON.stringify({ topic, data }));
      } catch (error) {
        if (lostSinceReady++ === 0) {
          log.error({ topic, redis: where, err: error instanceof Error ? error.message : String(error) }, 'event lost');
        }
      }
    },
    deliverLocally(topic, data) {
      for (const handler of handlers) handler(topic, data);
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async ready(timeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const both = Promise.all([publisherReady, subscribed]).then(([a, b]) => a && b);
      try {
        return await Promise.race([both, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      handlers.clear();
      reconnectHandlers.clear();
      // disconnect, not quit: nothing is pending worth waiting for, and quit would hang while Redis is away.
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** redis://user:secret@host:6379/0 -> redis://host:6379/0: logs never carry the password. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
