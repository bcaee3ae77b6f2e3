import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { REPO_ROOT, type RoomConfig } from '../config.ts';

export interface ChildCommand {
  command: string;
  args: string[];
  cwd: string;
  /** Added to this process's environment. */
  env: Record<string, string>;
}

export interface SupervisorOptions extends ChildCommand {
  log: FastifyBaseLogger;
  /** Resolves once the child serves (its health check); polled after each start to log readiness. */
  probe?: () => Promise<unknown>;
  /** First restart delay; doubled after each quick failure up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** A child that ran this long had a real run: its next restart starts again from the first delay. */
  stableAfterMs?: number;
  /** Wait after SIGTERM before SIGKILL. */
  killTimeoutMs?: number;
}

export interface Supervisor {
  /** The running child's pid, or undefined between a crash and its restart. */
  pid(): number | undefined;
  /** How many times the child was started. */
  starts(): number;
  /** No more restarts; SIGTERM, then SIGKILL when it lingers. */
  stop(): Promise<void>;
}

const PROBE_INTERVAL_MS = 250;
const PROBE_ATTEMPTS = 60;

/** The room server of this repository (apps/room), run by the same Node as the API, with the room settings. */
export function roomServerCommand(room: RoomConfig, secret: string): ChildCommand {
  return {
    command: process.execPath,
    args: ['--import', 'tsx', join(REPO_ROOT, 'apps', 'room', 'src', 'main.ts')],
    cwd: REPO_ROOT,
    env: {
      ROOM_UDP_PORT: String(room.udpPort),
      ROOM_HTTP_PORT: String(room.httpPort),
      ROOM_PUBLIC_HOST: room.publicHost,
      ROOM_SECRET: secret,
    },
  };
}

/**
 * Keeps a child process running: restarted with a growing delay when it dies on its own (a crash loop does not
 * spin), stopped with the parent. Its output goes to the parent's, so one log stream shows both.
 */
export function supervise(options: SupervisorOptions): Supervisor {
  const { log } = options;
  const initialBackoff = options.initialBackoffMs ?? 1000;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const stableAfter = options.stableAfterMs ?? 60_000;
  const killTimeout = options.killTimeoutMs ?? 5000;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  let backoff = initialBackoff;
  let restartTimer: NodeJS.Timeout | null = null;
  let starts = 0;

  const probe = async (proc: ChildProcess) => {
    for (let attempt = 0; attempt < PROBE_ATTEMPTS && child === proc && !stopping; attempt++) {
      try {
        await options.probe?.();
        log.info({ childPid: proc.pid }, 'room server ready');
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
      }
    }
    if (child === proc && !stopping)
      log.warn({ childPid: proc.pid }, 'room server started but does not answer its health check');
  };

  const start = () => {
    restartTimer = null;
    const startedAt = Date.now();
    starts++;
    const proc = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = proc;
    let resolveExit: () => void = () => undefined;
    exited = new Promise((resolve) => (resolveExit = resolve));
    let ended = false;
    // A failed spawn reports 'error' and maybe no 'exit'; a normal end reports 'exit'. Either ends this run once.
    const end = (reason: Record<string, unknown>) => {
      if (ended) return;
      ended = true;
      if (child === proc) child = null;
      resolveExit();
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfter) backoff = initialBackoff;
      log.error({ ...reason, restartInMs: backoff }, 'room server stopped unexpectedly; restarting');
      restartTimer = setTimeout(start, backoff);
      backoff = Math.min(backoff * 2, maxBackoff);
    };
    proc.once('error', (err) => end({ err }));
    proc.once('exit', (code, signal) => end({ code, signal }));
    log.info({ childPid: proc.pid, command: [options.command, ...options.args].join(' ') }, 'room server starting');
    if (options.probe) void probe(proc);
  };

  start();

  return {
    pid: () => child?.pid,
    starts: () => starts,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const proc = child;
      if (!proc) return;
      proc.kill('SIGTERM');
      const lingering = setTimeout(() => {
        log.warn({ childPid: proc.pid }, 'room server did not stop on SIGTERM; killing it');
        proc.kill('SIGKILL');
      }, killTimeout);
      await exited;
      clearTimeout(lingering);
    },
  };
}
