// A stand-in for the API process in room-child.test.ts: supervises the real room server (apps/room) with the room
// settings of its environment and prints the child's pid, then waits to be killed.
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { roomServerCommand, supervise } from '../../src/platform/room-supervisor.ts';

const config = loadConfig();
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const supervisor = supervise({ ...roomServerCommand(config.room, 'room-parent-secret-0123456789'), log });
const timer = setInterval(() => {
  const pid = supervisor.pid();
  if (pid === undefined) return;
  clearInterval(timer);
  process.stdout.write(`child ${pid}\n`);
}, 20);
setInterval(() => undefined, 60_000);
