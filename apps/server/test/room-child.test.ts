import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { createRoomClient, roomServerUrl } from '../src/platform/room-client.ts';
import { roomServerCommand, StaleServerError, supervise, type Supervisor } from '../src/platform/room-supervisor.ts';
import { startFakeRoomServer, type FakeRoomServer } from './support/fake-room.ts';

// The supervised room server as main.ts runs it (the real apps/room, as a child process): it must die with its
// parent, never be confused with a stale server on its port, listen where it is told, and see none of the API's
// secrets.

const SECRET = 'room-child-test-secret-0123456789';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A TCP port free on loopback now (the room's HTTP port must be known to probe it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A logger whose lines the test reads. */
function capturedLog(): { log: FastifyBaseLogger; messages: () => string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').trim().split('\n'));
      done();
    },
  });
  const log = pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger;
  return { log, messages: () => lines.map((l) => (JSON.parse(l) as { msg: string }).msg) };
}

describe('the supervised room server', () => {
  const running: Supervisor[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('exits when its parent is killed with SIGKILL, freeing its port', async () => {
    const httpPort = await freePort();
    const env = { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', ROOM_HTTP_PORT: String(httpPort) };
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'apps/server/test/support/room-parent.ts')],
      { cwd: REPO_ROOT, env: { ...env, ROOM_UDP_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanups.push(() => void parent.kill('SIGKILL'));
    const childPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /child (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      parent.once('exit', () => reject(new Error(`parent exited early: ${out}`)));
    });
    cleanups.push(() => {
      if (alive(childPid)) process.kill(childPid, 'SIGKILL');
    });
    const client = createRoomClient(`http://127.0.0.1:${httpPort}`, SECRET, { timeoutMs: 1000 });
    await vi.waitFor(async () => expect((await client.health()).pid).toBe(childPid), { timeout: 15_000 });

    parent.kill('SIGKILL');
    await vi.waitFor(() => expect(alive(childPid)).toBe(false), { timeout: 10_000, interval: 100 });
    await expect(client.health()).rejects.toThrow();
  });

  it('refuses a stale server answering on its port: the child is not started, never reported ready', async () => {
    const stale: FakeRoomServer = await startFakeRoomServer(SECRET);
    cleanups.push(() => stale.close());
    const httpPort = Number(new URL(stale.url).port);
    const room = loadConfig({ HOST: '127.0.0.1', ROOM_HTTP_PORT: String(httpPort), ROOM_UDP_PORT: '0' }).room;
    const { log, messages } = capturedLog();
    const onStale = vi.fn();
    const s = supervise({
      ...roomServerCommand(room, SECRET),
      log,
      probe: () => createRoomClient(roomServerUrl(room), SECRET).health(),
      onStale,
      staleWaitMs: 300,
    });
    running.push(s);
    await vi.waitFor(() => expect(onStale).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(onStale.mock.calls[0]?.[0]).toBeInstanceOf(StaleServerError);
    expect(s.starts()).toBe(0);
    expect(messages().some((m) => m.includes('already answers on the room server'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(messages()).not.toContain('room server ready');
    expect(s.starts()).toBe(0);
  });

  it('listens on the configured host only, and is reported ready once it answers with its own pid', async () => {
    const httpPort = await freePort();
    // 127.0.0.2 is loopback too on Linux: a server bound to it is not reachable through 127.0.0.1.
    const room = loadConfig({ HOST: '127.0.0.2', ROOM_HTTP_PORT: String(httpPort), ROOM_UDP_PORT: '0' }).room;
    expect(roomServerUrl(room)).toBe(`http://127.0.0.2:${httpPort}`);
    const { log, messages } = capturedLog();
    const client = createRoomClient(roomServerUrl(room), SECRET, { timeoutMs: 1000 });
    const s = supervise({ ...roomServerCommand(room, SECRET), log, probe: () => client.health() });
    running.push(s);
    await vi.waitFor(() => expect(messages()).toContain('room server ready'), { timeout: 15_000, interval: 100 });
    expect((await client.health()).pid).toBe(s.pid());
    const wildcard = createRoomClient(`http://127.0.0.1:${httpPort}`, SECRET, { timeoutMs: 1000 });
    await expect(wildcard.health()).rejects.toThrow();
  });

  it("gets only its own variables, none of the API's secrets", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tutti-child-env-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const out = join(dir, 'env.json');
    const saved = { JWT_SECRET: process.env['JWT_SECRET'], DATABASE_URL: process.env['DATABASE_URL'] };
    process.env['JWT_SECRET'] = 'a-jwt-secret-the-child-must-not-see';
    process.env['DATABASE_URL'] = 'postgres://secret@127.0.0.1/tutti';
    cleanups.push(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    const room = loadConfig({}).room;
    const command = roomServerCommand(room, SECRET);
    const script = `require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.env)); setInterval(() => {}, 1000)`;
    const s = supervise({ ...command, args: ['-e', script], log: capturedLog().log });
    running.push(s);
    await vi.waitFor(() => expect(readFileSync(out, 'utf8')).toContain('ROOM_SECRET'), { timeout: 5000 });
    const env = JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
    expect(env['JWT_SECRET']).toBeUndefined();
    expect(env['DATABASE_URL']).toBeUndefined();
    const allowed = ['PATH', 'NODE_OPTIONS', 'TMPDIR', 'ROOM_PARENT_PID', ...Object.keys(command.env)];
    expect(Object.keys(env).filter((name) => !allowed.includes(name))).toEqual([]);
    expect(env['ROOM_PARENT_PID']).toBe(String(process.pid));
  });
});
