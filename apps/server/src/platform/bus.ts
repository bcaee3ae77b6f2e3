import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import websocket from '@fastify/websocket';
import {
  BUS_CLOSE_ABUSE,
  BUS_CLOSE_AUTH_TIMEOUT,
  BUS_CLOSE_REVOKED,
  BUS_CLOSE_TOO_MANY_CONNECTIONS,
  BUS_CLOSE_UNAUTHENTICATED,
  BUS_MAX_COMMAND_BYTES,
  BUS_MAX_SUBSCRIPTIONS,
  BUS_PATH,
  BusCommandSchema,
  parseBusTopic,
  type BusError,
} from '@tutti/contract/bus';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { BusLimitsConfig } from '../config.ts';
import type { AuthContext } from './auth-guard.ts';
import { createPublishRelay } from './bus-publish.ts';
import { cacheAuthorizer, type BusAuthorizer, type BusTopic, type CachedAuthorizer } from './bus-rules.ts';
import { createReverifier, isRevoked } from './bus-reverify.ts';
import {
  closeWithGrace,
  createCommandBudget,
  createConnectionCounter,
  DEFAULT_BUS_LIMITS,
  unverifiedSubject,
  type CommandBudget,
} from './connection-limits.ts';
import { AppError } from './errors.ts';
import { BUS_RECHECK_TOPIC, BUS_REVOKE_TOPIC, type DeviceRevocation, type PubSub } from './pubsub.ts';

/** A socket that missed one ping is given until the next one to answer; then it is cut. */
export const BUS_HEARTBEAT_MS = 30_000;
/** A page that reads slower than events arrive loses events past this backlog rather than the server's memory. */
export const BUS_MAX_BUFFERED_BYTES = 1024 * 1024;
/** On shutdown, pages get this long to acknowledge "going away" before their sockets are cut. */
const CLOSE_GRACE_MS = 1_000;
const WS_OPEN = 1;
/** One options object for every send of an event (a text frame from an already encoded buffer). */
const TEXT_FRAME = { binary: false } as const;

export interface BusStats {
  connections: number;
  /** Topics with at least one subscriber on this instance. */
  topics: number;
}

export interface Bus {
  stats(): BusStats;
  /** Registers GET /bus (the websocket plugin included) on the app. */
  register(app: FastifyInstance, access: BusAccess): Promise<void>;
  /** Closes every connection with 1001 and stops listening to the pubsub. */
  close(): Promise<void>;
}

export interface BusAccess {
  /** guard.verify(token, 'user'): throws AppError 401 for a bad token, SESSION_REVOKED for a revoked device. */
  verify(token: string): Promise<AuthContext>;
  authorize: BusAuthorizer;
  /** Whether the device behind a connection is still signed in (not revoked, account still there): asked again
   *  after each Redis reconnection and every reverifyIntervalMs. The token's own expiry is not: it opened the
   *  connection, which stays authorized for its life unless the device is revoked. */
  isSignedIn(auth: AuthContext): Promise<boolean>;
}

/** Kept small: 2,000 idle connections must stay under 50 KB each, the socket included. */
interface Connection {
  socket: WebSocket;
  auth: AuthContext | null;
  topics: Set<string>;
  alive: boolean;
  /** Commands run one after the other (authorization is asynchronous): SUBSCRIBE then UNSUBSCRIBE keeps its order. */
  queue: Promise<void>;
  lagging: boolean;
  /** Counted per address (and per account once authenticated, that is with `auth`), released when it closes. */
  address: string;
  budget: CommandBudget;
  /** Set once the connection is closed for flooding: its later frames are ignored. */
  abusive: boolean;
}

/** The URL as logged: the bus's carries the access token in its query. */
export function loggableUrl(url: string): string {
  return url.startsWith(BUS_PATH) && (url.length === BUS_PATH.length || '?/'.includes(url.charAt(BUS_PATH.length)))
    ? (url.split('?')[0] ?? BUS_PATH)
    : url;
}

/**
 * The live bus of one instance: connections, their topics, and the fan-out of everything the pubsub delivers
 * (every instance's publications when it is Redis). Protocol and topics: packages/contract/src/bus.ts.
 */
export function createBus(options: {
  pubsub: PubSub;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  limits?: Partial<BusLimitsConfig>;
}): Bus {
  const { pubsub, log } = options;
  const maxBuffered = options.maxBufferedBytes ?? BUS_MAX_BUFFERED_BYTES;
  const limits: BusLimitsConfig = { ...DEFAULT_BUS_LIMITS, ...options.limits };
  const perAddress = createConnectionCounter(limits.maxConnectionsPerAddress);
  const perAccount = createConnectionCounter(limits.maxConnectionsPerAccount);
  const connections = new Set<Connection>();
  const byTopic = new Map<string, Set<Connection>>();
  /** Topics whose subscribers are being authorized again, with the events that arrived meanwhile (in order). */
  const rechecking = new Map<string, Buffer[]>();
  /** Set by register(): the access rules, their answers cached. */
  let registered: { access: BusAccess; authorization: CachedAuthorizer } | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  const relay = createPublishRelay(pubsub);

  function deliver(conn: Connection, frame: Buffer, topic: string): void {
    const socket = conn.socket;
    if (socket.readyState !== WS_OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      if (!conn.lagging) log.warn({ topic, account: conn.auth?.accountId }, 'bus: slow connection, events skipped');
      conn.lagging = true;
      return;
    }
    conn.lagging = false;
    socket.send(frame, TEXT_FRAME);
  }

  /** Authorizes every subscriber of a topic again; those no longer allowed are unsubscribed and told FORBIDDEN. The
   *  topic's events wait meanwhile, so none reaches someone who just lost the right to it. */
  async function recheck(topic: string): Promise<void> {
    const subscribers = byTopic.get(topic);
    const target = parseBusTopic(topic);
    const access = registered?.access;
    // Whatever was remembered about this topic may be wrong now; the subscribers are asked afresh below.
    registered?.authorization.forgetTopic(topic);
    if (!subscribers || rechecking.has(topic) || !access) return;
    rechecking.set(topic, []);
    // Asked afresh (not from the cache), once per account: its tabs share the answer.
    const answers = new Map<string, Promise<boolean>>();
    const ask = (auth: AuthContext, to: BusTopic) => {
      const answer = answers.get(auth.accountId) ?? access.authorize(auth, to, 'SUBSCRIBE').catch(() => false);
      answers.set(auth.accountId, answer);
      return answer;
    };
    try {
      await Promise.all(
        [...subscribers].map(async (conn) => {
          const allowed = conn.auth !== null && target !== null && (await ask(conn.auth, target));
          if (allowed) return;
          unsubscribe(conn, topic);
          reply(conn, topic, 'FORBIDDEN', 'You may no longer follow this topic.');
        }),
      );
    } catch (err) {
      log.error({ err, topic }, 'bus: subscribers not checked again');
    } finally {
      const held = rechecking.get(topic) ?? [];
      rechecking.delete(topic);
      for (const frame of held) for (const conn of byTopic.get(topic) ?? []) deliver(conn, frame, topic);
    }
  }

  /** A connection is authorized for its life, except that a revoked device loses it at once: the page logs out. */
  function closeRevoked(revocation: DeviceRevocation): void {
    for (const conn of connections) {
      if (conn.auth && isRevoked(conn.auth, revocation)) conn.socket.close(BUS_CLOSE_REVOKED, 'revoked');
    }
  }

  const reverifier = createReverifier({
    connections: () => connections,
    topics: () => byTopic.keys(),
    recheck,
    isSignedIn: () => registered?.access.isSignedIn ?? null,
    pubsub,
    log,
  });

  const stopListening = pubsub.onMessage((topic, data, encoded) => {
    if (topic === BUS_REVOKE_TOPIC) {
      if (data !== null && typeof data === 'object') closeRevoked(data as DeviceRevocation);
      return;
    }
    if (topic === BUS_RECHECK_TOPIC) {
      const named = (data as { topic?: unknown } | null)?.topic;
      if (typeof named === 'string') void recheck(named);
      return;
    }
    const subscribers = byTopic.get(topic);
    if (!subscribers) return;
    // Encoded once for every socket (ws would otherwise convert the string per send).
    const frame = Buffer.from(encoded ?? JSON.stringify({ topic, data }));
    const held = rechecking.get(topic);
    if (held) held.push(frame);
    else for (const conn of subscribers) deliver(conn, frame, topic);
  });

  function reply(conn: Connection, topic: string, code: BusError['error']['code'], message: string): void {
    if (conn.socket.readyState !== WS_OPEN) return;
    const body: BusError = { topic, error: { code, message } };
    conn.socket.send(JSON.stringify(body));
  }

  function unsubscribe(conn: Connection, topic: string): void {
    if (!conn.topics.delete(topic)) return;
    const subscribers = byTopic.get(topic);
    subscribers?.delete(conn);
    if (subscribers?.size === 0) byTopic.delete(topic);
  }

  function drop(conn: Connection): void {
    if (!connections.delete(conn)) return;
    perAddress.remove(conn.address);
    if (conn.auth) perAccount.remove(conn.auth.accountId);
    for (const topic of [...conn.topics]) unsubscribe(conn, topic);
    conn.auth = null;
  }

  async function authenticate(conn: Connection, token: string | undefined, access: BusAccess): Promise<void> {
    if (!token) {
      conn.socket.close(BUS_CLOSE_UNAUTHENTICATED, 'unauthenticated');
      return;
    }
    try {
      const auth = await access.verify(token);
      if (conn.socket.readyState !== WS_OPEN) return;
      // Refused rather than closing the oldest: a stolen token could otherwise push the owner's tabs out in a loop,
      // and tabs reconnecting would push each other out. A dead connection holding a place goes with the heartbeat.
      if (!perAccount.tryAdd(auth.accountId)) {
        log.info({ account: auth.accountId }, 'bus: too many connections for one account, refused');
        conn.socket.close(BUS_CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
        return;
      }
      conn.auth = auth;
    } catch (error) {
      if (error instanceof AppError && error.code === 'SESSION_REVOKED') {
        conn.socket.close(BUS_CLOSE_REVOKED, 'revoked');
      } else if (error instanceof AppError && error.statusCode === 401) {
        conn.socket.close(BUS_CLOSE_UNAUTHENTICATED, 'unauthenticated');
      } else {
        // The database may be away: 1011 makes the page try again later, unlike a refusal.
        log.error({ err: error }, 'bus: could not check a token');
        conn.socket.close(1011, 'try again');
      }
    }
  }

  async function handle(conn: Connection, raw: RawData): Promise<void> {
    const auth = conn.auth;
    const authorization = registered?.authorization;
    if (!auth || !authorization || conn.socket.readyState !== WS_OPEN) return;
    let json: unknown;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      return reply(conn, '', 'BAD_COMMAND', 'Commands are JSON.');
    }
    const parsed = BusCommandSchema.safeParse(json);
    if (!parsed.success) return reply(conn, '', 'BAD_COMMAND', 'Expected {command, topic, data?}.');
    const { command, topic, data } = parsed.data;
    const target = parseBusTopic(topic);
    if (!target) return reply(conn, topic, 'UNKNOWN_TOPIC', 'No such topic.');
    if (command === 'UNSUBSCRIBE') return unsubscribe(conn, topic);

    let allowed: boolean;
    try {
      allowed = await authorization.check(auth, topic, target, command);
    } catch (error) {
      log.error({ err: error, topic }, 'bus: authorization failed');
      return reply(conn, topic, 'FORBIDDEN', 'Could not check access to this topic; try again.');
    }
    // The connection may have ended while authorization ran.
    if (conn.auth === null || conn.socket.readyState !== WS_OPEN) return;
    if (!allowed) return reply(conn, topic, 'FORBIDDEN', 'Not allowed on this topic.');

    if (command === 'PUBLISH')
      return relay(conn, auth, target, topic, data, (code, text) => reply(conn, topic, code, text));
    if (conn.topics.has(topic)) return;
    if (conn.topics.size >= BUS_MAX_SUBSCRIPTIONS) {
      return reply(conn, topic, 'TOO_MANY_SUBSCRIPTIONS', `At most ${BUS_MAX_SUBSCRIPTIONS} topics per connection.`);
    }
    conn.topics.add(topic);
    let subscribers = byTopic.get(topic);
    if (!subscribers) byTopic.set(topic, (subscribers = new Set()));
    subscribers.add(conn);
  }

  function accept(socket: WebSocket, token: string | undefined, address: string, access: BusAccess): void {
    // The upgrade hook refused most of these already; this count is the exact one (upgrades run concurrently).
    if (!perAddress.tryAdd(address)) {
      socket.close(BUS_CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
      return;
    }
    const conn: Connection = {
      socket,
      auth: null,
      topics: new Set(),
      alive: true,
      queue: Promise.resolve(),
      lagging: false,
      address,
      budget: createCommandBudget(limits.commandBurst, limits.commandsPerSecond),
      abusive: false,
    };
    connections.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    const deadline = setTimeout(() => {
      if (conn.auth === null && socket.readyState === WS_OPEN) socket.close(BUS_CLOSE_AUTH_TIMEOUT, 'too slow');
    }, limits.authTimeoutMs);
    deadline.unref();
    socket.on('close', () => {
      clearTimeout(deadline);
      drop(conn);
    });
    // Commands sent before the token is checked wait behind the check.
    conn.queue = authenticate(conn, token, access);
    socket.on('message', (raw: RawData) => {
      if (conn.abusive) return;
      // Counted as frames arrive, before any work is queued: a flood costs a counter, not a promise per command.
      const budget = conn.budget.take();
      if (budget === 'abuse') {
        conn.abusive = true;
        log.warn({ account: conn.auth?.accountId, address }, 'bus: command flood, connection closed');
        socket.close(BUS_CLOSE_ABUSE, 'too many commands');
        return;
      }
      if (budget === 'over') return reply(conn, '', 'RATE_LIMITED', 'Too many commands; slow down.');
      conn.queue = conn.queue
        // One command per turn of the event loop: a burst on one connection never holds up requests and other pages.
        .then(() => yieldToEventLoop())
        .then(() => handle(conn, raw))
        .catch((error: unknown) => {
          log.error({ err: error }, 'bus: command failed');
        });
    });
  }

  function beat(): void {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }

  async function close(): Promise<void> {
    reverifier.stop();
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    stopListening();
    await closeWithGrace(
      [...connections].map((conn) => conn.socket),
      CLOSE_GRACE_MS,
    );
  }

  return {
    stats: () => ({ connections: connections.size, topics: byTopic.size }),
    close,
    async register(app, access) {
      registered = { access, authorization: cacheAuthorizer(access.authorize) };
      await app.register(websocket, {
        options: { maxPayload: BUS_MAX_COMMAND_BYTES, perMessageDeflate: false },
        // The default closes sockets without a code; pages should read 1001 (going away) and reconnect elsewhere.
        preClose: async function (this: FastifyInstance) {
          await close();
          this.websocketServer.close();
        },
      });
      app.get(
        BUS_PATH,
        {
          websocket: true,
          // Refused before the upgrade, as an HTTP answer: over a cap, no WebSocket and no token check at all. The
          // account is the token's unverified claim here (a forged one refuses only its own request); the exact
          // counts are taken at accept and after the check.
          onRequest: async (request) => {
            const account = unverifiedSubject((request.query as { token?: unknown }).token);
            if (perAddress.full(request.ip) || (account !== null && perAccount.full(account))) {
              throw new AppError(429, 'RATE_LIMITED', 'Too many live connections; try again later.');
            }
          },
        },
        (socket, request) => {
          const token = (request.query as { token?: unknown }).token;
          accept(socket, typeof token === 'string' ? token : undefined, request.ip, access);
        },
      );
      heartbeat = setInterval(beat, options.heartbeatMs ?? BUS_HEARTBEAT_MS);
      heartbeat.unref();
      reverifier.start(limits.reverifyIntervalMs);
    },
  };
}
