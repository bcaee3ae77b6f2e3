import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { AppOverrides } from './app-services.ts';
import { deriveQueueHost, REPO_ROOT, type AppConfig } from './config.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createMeRepository } from './modules/me/me.repository.ts';
import { registerMeRoutes } from './modules/me/me.routes.ts';
import { createMeService } from './modules/me/me.service.ts';
import { registerBroker } from './modules/nals/nals.broker-start.ts';
import { createNalsBundler } from './modules/nals/nals.bundle.ts';
import { registerNalsDownloads } from './modules/nals/nals.downloads.ts';
import { createNalsRepository } from './modules/nals/nals.repository.ts';
import { registerNalsRoutes } from './modules/nals/nals.routes.ts';
import { createNalsService } from './modules/nals/nals.service.ts';
import { PGLITE_LOAD_BATCH_SIZE } from './modules/places/places.loader.ts';
import { registerPlacesRoutes } from './modules/places/places.routes.ts';
import { createPlacesService } from './modules/places/places.service.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { registerAccountDeletion } from './modules/accounts/account-deletion.ts';
import { registerAdministration } from './modules/administration/administration.module.ts';
import { record } from './platform/audit/audit.ts';
import { registerContent } from './modules/content/content.module.ts';
import { registerExperiments } from './modules/experiments/experiments.module.ts';
import { registerOnboarding } from './modules/onboarding/onboarding.module.ts';
import { registerCommunity } from './modules/community/community.module.ts';
import { registerMessages } from './modules/messages/messages.module.ts';
import { registerReferenceRoutes } from './modules/reference/reference.routes.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { createSessionsRepository } from './modules/sessions/sessions.repository.ts';
import { registerSessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createRehearsals } from './modules/sessions/rehearsals.ts';
import { registerRehearsalRoutes } from './modules/sessions/rehearsals.routes.ts';
import { createRoomAllocator } from './modules/servers/servers.allocator.ts';
import { createServersRepository } from './modules/servers/servers.repository.ts';
import { registerServersRoutes } from './modules/servers/servers.routes.ts';
import { registerSubscriptions } from './modules/subscriptions/subscriptions.module.ts';
import { createServersService } from './modules/servers/servers.service.ts';
import { createGuard } from './platform/auth-guard.ts';
import { createBackground } from './platform/background.ts';
import type { Broker } from './platform/broker.ts';
import { openDatabase } from './platform/db.ts';
import { registerDocs } from './platform/docs.ts';
import { createEndpointRegistrar, API_PREFIX } from './platform/endpoints.ts';
import { AppError, createErrorHandler, handleError, toErrorResponse } from './platform/errors.ts';
import { LOG_REDACT_PATHS, logSerializers, requestPath, withLogSerializers } from './platform/logging.ts';
import { createOutageWatch } from './platform/outage.ts';
import { createLimits, fastifyTrustProxy } from './platform/limits.ts';
import { createMailer } from './platform/mail.ts';
import { createJobs } from './platform/jobs.ts';
import { createMailOutbox } from './platform/mail-outbox/mail-outbox.ts';
import { createStorage } from './platform/storage/create.ts';
import { registerUploads } from './platform/storage/http.ts';
import { announceRevocation, createMemoryPubSub, createRedisPubSub } from './platform/pubsub.ts';
import { createBus } from './platform/bus.ts';
import { createBusRules } from './platform/bus-rules.ts';
import { registerMetrics } from './platform/metrics.ts';
import { createRoomClient, loadRoomSecret, roomServerUrl } from './platform/room-client.ts';
import { registerSecurityHeaders } from './platform/security.ts';
import { createSessionCache, noSessionCache } from './platform/session-cache.ts';
import { createAccessTokens, loadJwtSecret } from './platform/tokens.ts';
import { registerCompression, registerWeb, serveSpa } from './platform/web.ts';

export type { AppOverrides, AppServices } from './app-services.ts';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** The composition root: plugins in the order they apply to a request, then the modules, then the web. */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const now = overrides.now ?? (() => new Date());
  // Asynchronous writes: under load, log lines queue behind the write in flight instead of blocking each request.
  let logStream: ReturnType<typeof pino.destination> | undefined;
  const logging = overrides.logger
    ? { loggerInstance: withLogSerializers(overrides.logger) }
    : {
        logger: {
          level: config.logLevel,
          stream: (logStream = pino.destination({ dest: 1, sync: false })),
          serializers: logSerializers,
          redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
        },
      };
  const app = Fastify({
    ...logging,
    // One line per request, written in onResponse, instead of Fastify's two: half the logging cost on hot paths.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
    // request.ip is the client behind the proxies trusted here (TRUST_PROXY), else the socket's peer.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Malformed URLs fail before routing, where the error handler does not run yet: same error body anyway.
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  }) as unknown as FastifyInstance;

  const database = overrides.database ?? (await openDatabase(config.database));
  const mailer = overrides.mailer ?? createMailer(config.mail, app.log.child({ module: 'mail' }));
  const storage = await createStorage(config.storage);
  // A lost database answers 503 and is logged once per outage, by requests, jobs and background work alike.
  const outage = createOutageWatch({ ping: database.ping, log: app.log.child({ module: 'database' }) });
  const background = createBackground(app.log, outage);
  const tokens = createAccessTokens(loadJwtSecret(config.jwtSecret, config.dataDir), config.accessTokenTtlSeconds, now);
  const roomSecret = loadRoomSecret(config.room, config.dataDir);
  const rooms = createRoomClient(roomServerUrl(config.room), roomSecret);
  const redis =
    !overrides.pubsub && config.redisUrl ? createRedisPubSub(config.redisUrl, app.log, config.deploymentId) : null;
  const pubsub = overrides.pubsub ?? redis ?? createMemoryPubSub();
  const bus = createBus({ pubsub, log: app.log.child({ module: 'bus' }), limits: config.busLimits });
  const jobs = createJobs(app.log.child({ module: 'jobs' }), outage);
  // Emails promised by a committed write (billing's): sent by their own job, retried until the mail server takes them.
  const outbox = createMailOutbox({
    db: database.db,
    mailer,
    jobs,
    now,
    log: app.log.child({ module: 'mail-outbox' }),
  });
  const limits =
    overrides.limits ??
    createLimits(
      {
        addressMax: config.rateLimitAuthMax,
        passwordMax: config.rateLimitPasswordMax,
        accountMax: config.rateLimitAccountMax,
        redisUrl: config.redisUrl,
        // Two deployments on one Redis keep their own counts, as they keep their own bus channel.
        keyPrefix: `tutti:limits:${config.deploymentId}`,
      },
      app.log.child({ module: 'limits' }),
    );
  let broker: Broker | null = null;
  const places = createPlacesService({
    db: database.db,
    log: app.log.child({ module: 'places' }),
    now,
    background,
    config: config.places,
    ...(database.kind === 'pglite' && { loadBatchSize: PGLITE_LOAD_BATCH_SIZE }),
  });
  app.decorate('tutti', {
    config,
    database,
    mailer,
    tokens,
    background,
    now,
    broker: () => broker,
    rooms,
    jobs,
    pubsub,
    places,
    bus: bus.stats,
    storage,
  });
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => {
    await background.drain();
    if (!overrides.pubsub) await pubsub.close();
    await limits.close();
    await mailer.close();
    await storage.close();
    await database.close();
    logStream?.flushSync();
  });

  try {
    await database.migrate();
  } catch (e) {
    await app.close();
    throw e;
  }

  // ---- platform, in request order
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => outage.stop());
  app.setErrorHandler(createErrorHandler(outage));
  // Bodyless requests sent with a JSON content type (DELETE from fetch wrappers) are not malformed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        path: requestPath(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
  // Before every route it applies to (it hooks routes as they are added): API JSON, /metrics, docs, pages.
  await registerCompression(app);
  registerMetrics(app, config.metrics, jobs);
  // Where browsers reach the broker: the embedded one's port is known once it listens (0 picks one in tests). Read
  // on every request by the CSP hook: derived once per port, not parsed each time.
  let derivedQueueHost = { port: -1, url: '' };
  const queueHost = () => {
    if (config.queueHost) return config.queueHost;
    const port = broker?.port ?? config.broker.port;
    if (derivedQueueHost.port !== port) {
      derivedQueueHost = { port, url: deriveQueueHost(config.publicUrl, port, config.broker.tls !== null) };
    }
    return derivedQueueHost.url;
  };
  registerSecurityHeaders(app, config, { brokerUrl: queueHost });
  await registerDocs(app, APP_VERSION);
  await registerUploads(app, storage);
  // A missing bucket or refused credentials stop the start, instead of failing every upload later.
  app.addHook('onReady', async () => storage.check());

  // ---- modules
  const sessions = database.kind === 'pglite' ? createSessionCache(() => now().getTime()) : noSessionCache;
  const authRepo = createAuthRepository(database.db, sessions);
  const auth = createAuthService({
    repo: authRepo,
    tokens,
    now,
    config,
    onRevoked: (revocation) => {
      announceRevocation(pubsub, revocation).catch((err: unknown) => app.log.warn({ err }, 'revocation not announced'));
    },
    keepAccount: (account) => deletion.undo(account),
  });
  // The payment service's customer goes with an erased account (the billing module is registered further down).
  const deletion = registerAccountDeletion({
    ...{ db: database.db, cache: sessions, storage, mailer, jobs, publicUrl: config.publicUrl, now },
    revokeSessions: (accountId) => auth.revokeSessions(accountId),
    provider: () => app.tutti.billing?.provider ?? null,
    log: app.log.child({ module: 'accounts' }),
  });
  app.addHook('onReady', async () => {
    const revoked = await auth.revokeUnlistedPrivileges();
    if (revoked > 0) app.log.info({ revoked }, 'privileges of addresses no longer listed revoked');
  });
  const guard = createGuard({
    tokens,
    loadSession: authRepo.loadSession,
    touchDevice: (deviceId) => authRepo.touchDevice(deviceId, now()),
    runInBackground: background.run,
    now,
  });
  const endpoint = createEndpointRegistrar(app, guard, limits, (entry) => record(database.db, entry), now);
  const accounts = createAccountsService({
    repo: createAccountsRepository(database.db, sessions),
    auth,
    mailer,
    background,
    config,
    log: app.log,
    now,
  });
  const me = createMeService({
    repo: createMeRepository(database.db, sessions),
    auth,
    now,
    pictureUrl: storage.publicUrl,
    onNalsTokenRotated: (oldToken) => broker?.disconnectToken(oldToken),
  });
  const nalsRepo = createNalsRepository(database.db, sessions);
  const nals = createNalsService({
    repo: nalsRepo,
    downloadBaseUrl: config.nalsDownloadBaseUrl,
    fallbackRefVersion: config.nalsRefVersion,
    now,
  });
  const reference = createReferenceService({
    repo: createReferenceRepository(database.db),
    database,
    config,
    version: APP_VERSION,
    startedAt: now(),
    now,
    queueHost,
    nalsRefVersion: nals.refVersion,
  });
  const selfchecks = createSessionsService({
    repo: createSessionsRepository(database.db),
    rooms,
    log: app.log,
    now,
  });
  registerReferenceRoutes(endpoint, reference, guard);
  registerAccountsRoutes(endpoint, accounts, deletion);
  registerAuthRoutes(endpoint, auth);
  registerMeRoutes(endpoint, me);
  registerNalsRoutes(endpoint, nals);
  registerNalsDownloads(app, {
    repo: nalsRepo,
    bundler: createNalsBundler(join(config.dataDir, 'downloads', 'nals')),
    brokerUrl: queueHost,
    publicUrl: config.publicUrl,
  });
  registerSessionsRoutes(endpoint, selfchecks);
  const roomAllocator = createRoomAllocator({ db: database.db, log: app.log.child({ module: 'rooms' }), now });
  const rehearsals = createRehearsals({
    db: database.db,
    allocator: roomAllocator,
    pubsub,
    storage,
    jobs,
    mailer,
    mail: { publicUrl: config.publicUrl, from: config.mail.from },
    config: config.sessions,
    log: app.log.child({ module: 'sessions' }),
    now,
  });
  registerRehearsalRoutes(endpoint, rehearsals);
  const { messages } = registerMessages(app, endpoint, {
    ...{ db: database.db, pubsub, mailer, jobs, cache: sessions, pictureUrl: storage.publicUrl, now },
    ...{ publicUrl: config.publicUrl, signingKey: loadJwtSecret(config.jwtSecret, config.dataDir) },
    log: app.log.child({ module: 'messages' }),
  });
  registerCommunity(endpoint, {
    onBlockChange: messages.blockChanged,
    db: database.db,
    pubsub,
    storage,
    cache: sessions,
    config,
    log: app.log.child({ module: 'community' }),
    now,
  });
  app.addHook('onReady', async () => jobs.start());
  // Before the database closes: a sweep in flight finishes first.
  app.addHook('preClose', async () => jobs.stop());
  registerPlacesRoutes(endpoint, places);
  // Cities load in the background (a first GeoNames load takes a while): searches find them as batches land.
  app.addHook('onReady', async () => void places.load());
  app.addHook('preClose', async () => places.stop());
  const servers = createServersService({ repo: createServersRepository(database.db), log: app.log, now });
  registerServersRoutes(endpoint, servers);
  const billing = await registerSubscriptions(app, endpoint, {
    db: database.db,
    config,
    mailer,
    outbox,
    jobs,
    signingKey: loadJwtSecret(config.jwtSecret, config.dataDir),
    ...(overrides.paymentProvider && { provider: overrides.paymentProvider }),
    log: app.log.child({ module: 'subscriptions' }),
    now,
  });
  app.tutti.billing = billing;
  const experiments = registerExperiments(endpoint, { db: database.db, now });
  registerOnboarding(endpoint, { db: database.db, now });
  registerAdministration(endpoint, {
    ...{ db: database.db, auth, authRepo, cache: sessions, config, now, billing },
    experimentsOf: experiments.assignmentsOf,
  });
  registerContent(endpoint, { db: database.db, storage, log: app.log.child({ module: 'content' }), now });
  // Sessions get their rooms from registered servers: the configured one is registered (or refreshed) at start.
  app.addHook('onReady', async () => {
    await servers.registerLocalServer({ url: rooms.baseUrl, secret: roomSecret, capacity: config.room.capacity });
  });

  // ---- the live bus at /bus (not under /api: pages connect with a WebSocket)
  await bus.register(app, {
    verify: (token) => guard.verify(token, 'user'),
    authorize: createBusRules({
      canWatchSession: rehearsals.canWatchSession,
      canType: (auth, conversationId) => messages.canType(auth.accountId, conversationId),
    }),
    isSignedIn: async (auth) => (await authRepo.loadSession(auth.accountId, auth.deviceId)) !== null,
  });
  if (redis) {
    app.addHook('onReady', async () => {
      // Events published before the subscription is up would be lost; ioredis keeps trying after the timeout.
      if (!(await redis.ready(10_000))) app.log.error('Redis is not reachable yet: live events wait for it');
    });
  }

  // ---- the MQTT broker: embedded (started with the app), or external through these hooks
  registerBroker(app, { config, guard, repo: nalsRepo, set: (b) => (broker = b), get: () => broker });

  // ---- the web: static files, then the SPA for any other page
  await registerWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !`${path}/`.startsWith(API_PREFIX);
    if (isPage) return serveSpa(config.webDist, reply, path);
    const { status, body } = toErrorResponse(new AppError(404, 'NOT_FOUND', `No route ${request.method} ${path}`));
    return reply.code(status).send(body);
  });

  // Not ready yet: callers may still add routes (the benchmark's baseline); listen(), inject() and ready() finish it.
  return app;
}
