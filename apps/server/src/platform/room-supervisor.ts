import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { REPO_ROOT, type RoomConfig } from '../config.ts';

export interface ChildCommand {
  command: string;
  args: string[];
  cwd: string;
  /** The child's own variables: added to a minimal base (PATH, NODE_OPTIONS, TMPDIR), never to this process's
   *  environment, which holds the API's secrets (DATABASE_URL, JWT_SECRET) the child has no use for. */
  env: Record<string, string>;
}

/** What a health probe tells of the server that answered: its pid, when it says. */
export interface ProbeAnswer {
  pid?: number | undefined;
}

export interface SupervisorOptions extends ChildCommand {
  log: FastifyBaseLogger;
  /** Resolves once a server answers its health check, with its pid. Before each start it must fail (nothing on the
   *  port yet); after, it must answer with the child's own pid to be reported ready. */
  probe?: () => Promise<ProbeAnswer>;
  /** Called when another process (a stale room server left by an earlier run) holds the port: the child is not
   *  started, never reported ready; the supervisor gives up. */
  onStale?: (error: StaleServerError) => void;
  /** How long a server found on the port before a start may take to go away (an old child shutting down). */
  staleWaitMs?: number;
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
/** Variables of this process a Node child needs to run at all; everything else stays here. */
const INHERITED_ENV = ['PATH', 'NODE_OPTIONS', 'TMPDIR'] as const;

export class StaleServerError extends Error {
  override name = 'StaleServerError';
  constructor(readonly holderPid: number | undefined) {
    super(
      `another process${holderPid === undefined ? '' : ` (pid ${holderPid})`} already answers on the room server's ` +
        'port: a room server left over from an earlier run? Stop it, then start again',
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The child's environment, built from scratch. */
export function childEnv(own: Record<string, string>, parent: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...own };
}

/** The room server of this repository (apps/room), run by the same Node as the API, with the room settings. */
export function roomServerCommand(room: RoomConfig, secret: string, logLevel = 'info'): ChildCommand {
  return {
    command: process.execPath,
    args: ['--import', 'tsx', join(REPO_ROOT, 'apps', 'room', 'src', 'main.ts')],
    cwd: REPO_ROOT,
    env: {
      ROOM_UDP_PORT: String(room.udpPort),
      ROOM_HTTP_PORT: String(room.httpPort),
      ROOM_PUBLIC_HOST: room.publicHost,
      ROOM_BIND_HOST: room.bindHost,
      ROOM_SECRET: secret,
      LOG_LEVEL: logLevel,
    },
  };
}

/**
 * Keeps a child process running: restarted with a growing delay when it dies on its own (a crash loop does not
 * spin), stopped with the parent. Its output goes to the parent's, so one log stream shows both. The child gets an
 * IPC channel and this pid (ROOM_PARENT_PID) so that it exits when this process dies, even by SIGKILL. With a probe,
 * a server already answering on the port before a start is refused (onStale), never mistaken for the child.
 */
export function supervise(options: SupervisorOptions): Supervisor {
  const { log } = options;
  const initialBackoff = options.initialBackoffMs ?? 1000;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const stableAfter = options.stableAfterMs ?? 60_000;
  const killTimeout = options.killTimeoutMs ?? 5000;
  const staleWait = options.staleWaitMs ?? 5000;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  let backoff = initialBackoff;
  let restartTimer: NodeJS.Timeout | null = null;
  let starts = 0;

  /** Who answers the probe now: null when nothing does. */
  const answering = async (): Promise<ProbeAnswer | null> => {
    try {
      return (await options.probe?.()) ?? null;
    } catch {
      return null;
    }
  };

  const refuse = (holderPid: number | undefined) => {
    const error = new StaleServerError(holderPid);
    log.error({ holderPid }, error.message);
    stopping = true; // no restart would help while the port is taken
    options.onStale?.(error);
  };

  const probe = async (proc: ChildProcess) => {
    for (let attempt = 0; attempt < PROBE_ATTEMPTS && child === proc && !stopping; attempt++) {
      const answer = await answering();
      if (answer && child === proc && !stopping) {
        if (answer.pid === proc.pid) {
          log.info({ childPid: proc.pid }, 'room server ready');
          return;
        }
        // Someone else took the port between the check and the child's bind: the child cannot serve.
        proc.kill('SIGTERM');
        refuse(answer.pid);
        return;
      }
      await sleep(PROBE_INTERVAL_MS);
    }
    if (child === proc && !stopping)
      log.warn({ childPid: proc.pid }, 'room server started but does not answer its health check');
  };

  /** Nothing must answer on the port before the child starts; an old child shutting down gets staleWait to go. */
  const portIsFree = async (): Promise<boolean> => {
    if (!options.probe) return true;
    const deadline = Date.now() + staleWait;
    for (;;) {
      const answer = await answering();
      if (!answer || stopping) return true;
      if (Date.now() >= deadline) {
        refuse(answer.pid);
        return false;
      }
      await sleep(PROBE_INTERVAL_MS);
    }
  };

  const spawnChild = () => {
    const startedAt = Date.now();
    starts++;
    const proc = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: childEnv({ ...options.env, ROOM_PARENT_PID: String(process.pid) }),
      // The IPC channel is never written to: it closes when this process dies, which the child watches.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // This end of the channel must not keep the API alive on its own.
    proc.channel?.unref();
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
      restartTimer = setTimeout(() => void start(), backoff);
      backoff = Math.min(backoff * 2, maxBackoff);
    };
    proc.once('error', (err) => end({ err }));
    proc.once('exit', (code, signal) => end({ code, signal }));
    log.info({ childPid: proc.pid, command: [options.command, ...options.args].join(' ') }, 'room server starting');
    if (options.probe) void probe(proc);
  };

  let starting: Promise<void> = Promise.resolve();
  const start = () => {
    restartTimer = null;
    if (!options.probe) {
      spawnChild();
      return starting;
    }
    starting = portIsFree().then((free) => {
      if (free && !stopping) spawnChild();
    });
    return starting;
  };

  void start();

  return {
    pid: () => child?.pid,
    starts: () => starts,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await starting;
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
