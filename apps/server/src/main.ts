import { createServer } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { emptyAsUndefined } from './env.ts';
import { loadRoomSecret } from './platform/room-client.ts';
import { roomServerCommand, supervise, type Supervisor } from './platform/room-supervisor.ts';

/** Longest wait for in-flight requests and background work before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A TCP port free on `host` now. */
async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** PORT=0 lets the system pick the port, which the default PUBLIC_URL (links in emails, the bus and broker
 *  addresses) must name: without PUBLIC_URL, the port is picked here and the configuration read again with it, the
 *  broker on a free port of its own. Another program could take that port in between: the listen then fails loudly,
 *  never with links to the wrong port. */
async function loadListeningConfig(env: NodeJS.ProcessEnv = process.env): Promise<AppConfig> {
  const config = loadConfig(env);
  if (config.port !== 0 || emptyAsUndefined(env['PUBLIC_URL']) !== undefined) return config;
  const port = await freePort(config.host);
  return loadConfig({ ...env, PORT: String(port), BROKER_PORT: env['BROKER_PORT'] || '0' });
}

async function main(): Promise<void> {
  const config = await loadListeningConfig();
  const app = await buildApp(config);
  let roomServer: Supervisor | null = null;

  let stopping = false;
  const stop = (signal: NodeJS.Signals | 'stale-room-server', exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops the broker, stops accepting, waits for in-flight requests, then runs onClose (background work,
    // mail, database). The room server child stops alongside.
    Promise.all([app.close(), roomServer?.stop()]).then(
      () => process.exit(exitCode),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
  // Built in (a child process of this one) unless ROOM_SERVER_URL names an external room server.
  if (config.room.serverUrl === null && !stopping) {
    roomServer = supervise({
      ...roomServerCommand(config.room, loadRoomSecret(config.room, config.dataDir), config.logLevel),
      log: app.log.child({ module: 'room' }),
      probe: () => app.tutti.rooms.health(),
      // A stale room server on the port (say, orphaned by an older version killed with SIGKILL) would take the
      // API's calls while the child crash-loops: refuse to run beside it, loudly.
      onStale: (err) => {
        app.log.fatal({ err }, 'refusing to start: the room server port is taken');
        stop('stale-room-server', 1);
      },
    });
  }
  app.log.info(`Tutti is running at ${config.publicUrl} (API docs: ${config.publicUrl}/api/docs)`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
