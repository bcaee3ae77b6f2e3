import { pino } from 'pino';
import { loadRoomConfig, RoomConfigError } from './config.ts';
import { watchParent } from './parent.ts';
import { startRoomServer } from './server.ts';

/** Longest wait for the sockets to close before exiting anyway. */
const SHUTDOWN_GRACE_MS = 5000;

async function main(): Promise<void> {
  const config = loadRoomConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'room' } });
  const server = await startRoomServer({
    udpPort: config.ROOM_UDP_PORT,
    httpPort: config.ROOM_HTTP_PORT,
    bindHost: config.ROOM_BIND_HOST,
    publicHost: config.ROOM_PUBLIC_HOST,
    secret: config.ROOM_SECRET,
    logger,
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'room server shutting down');
    // A close that hangs must not leave the ports held once the parent is gone.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  watchParent(config.ROOM_PARENT_PID, (reason) => {
    logger.warn({ reason }, 'supervising process gone; exiting with it');
    stop('parent-gone');
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof RoomConfigError ? err.message : err);
  process.exit(1);
});
