import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { roomServerCommand, supervise, type Supervisor } from './room-supervisor.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const node = (script: string) => ({ command: process.execPath, args: ['-e', script], cwd: REPO_ROOT, env: {} });

describe('supervise', () => {
  const running: Supervisor[] = [];
  const start = (options: Parameters<typeof supervise>[0]) => {
    const s = supervise(options);
    running.push(s);
    return s;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });

  it('restarts a child that dies, waiting longer after each quick failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tutti-supervise-'));
    const stamps = join(dir, 'starts');
    const s = start({
      ...node(`require('fs').appendFileSync(${JSON.stringify(stamps)}, Date.now() + '\\n'); process.exit(3)`),
      log,
      initialBackoffMs: 50,
      maxBackoffMs: 400,
    });
    const starts = () => (existsSync(stamps) ? readFileSync(stamps, 'utf8').trim().split('\n').map(Number) : []);
    await vi.waitFor(() => expect(starts().length).toBeGreaterThanOrEqual(4), { timeout: 5000 });
    await s.stop();
    const times = starts();
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    // 50, 100, 200 ms (plus start-up time): each wait at least the previous delay doubled.
    expect(gaps[0]).toBeGreaterThanOrEqual(50);
    expect(gaps[1]).toBeGreaterThanOrEqual(100);
    expect(gaps[2]).toBeGreaterThanOrEqual(200);
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the child on stop, and never restarts it afterwards', async () => {
    const s = start({ ...node('setInterval(() => {}, 1000)'), log, initialBackoffMs: 20 });
    await vi.waitFor(() => expect(s.pid()).toBeDefined());
    const pid = s.pid() as number;
    expect(alive(pid)).toBe(true);
    await s.stop();
    expect(alive(pid)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.starts()).toBe(1);
  });

  it('kills a child that ignores SIGTERM', async () => {
    const s = start({
      ...node("process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('ready')"),
      log,
      killTimeoutMs: 200,
    });
    const pid = s.pid() as number;
    // Give it time to install its handler, so SIGTERM really is ignored.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await s.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(alive(pid)).toBe(false);
  });

  it('survives a command that cannot be spawned, retrying it', async () => {
    const s = start({
      command: '/nonexistent/room-server',
      args: [],
      cwd: REPO_ROOT,
      env: {},
      log,
      initialBackoffMs: 20,
    });
    await vi.waitFor(() => expect(s.starts()).toBeGreaterThanOrEqual(2));
  });
});

describe('roomServerCommand', () => {
  it('runs apps/room with the room settings and the shared secret', () => {
    const room = loadConfig({
      ROOM_UDP_PORT: '9400',
      ROOM_HTTP_PORT: '9401',
      ROOM_PUBLIC_HOST: 'rooms.example.org',
    }).room;
    const command = roomServerCommand(room, 'the-secret');
    expect(command.command).toBe(process.execPath);
    expect(command.args).toEqual(['--import', 'tsx', join(REPO_ROOT, 'apps', 'room', 'src', 'main.ts')]);
    expect(command.env).toEqual({
      ROOM_UDP_PORT: '9400',
      ROOM_HTTP_PORT: '9401',
      ROOM_PUBLIC_HOST: 'rooms.example.org',
      ROOM_BIND_HOST: '0.0.0.0',
      ROOM_SECRET: 'the-secret',
      LOG_LEVEL: 'info',
    });
  });
});
