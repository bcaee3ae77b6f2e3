import { pino } from 'pino';
import { loadRoomConfig, RoomConfigError } from './config.ts';
import { startRoomServer } from './server.ts';

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
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'room server shutting down');
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
}

main().catch((err: unknown) => {
  console.error(err instanceof RoomConfigError ? err.message : err);
  process.exit(1);
});
