import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { NalsEmulatorStateSchema, type NalsEmulatorState } from '@tutti/contract/nals';
import { BROKER_URL, REPO_ROOT } from './env.ts';

const NALS_MAIN = path.join(REPO_ROOT, 'apps/nals/src/main.ts');
/**
 * tsx as a loader inside the emulator's own Node process (resolved from the repository root, the child's cwd). Its CLI
 * would start a second Node process, and a SIGKILL of that wrapper would leave the real client running: the "client
 * killed" journey has to kill the client itself.
 */
const NODE_ARGS = ['--import', 'tsx'];
/** Starting Node with the TypeScript loader on a busy two-core machine can take several seconds. */
const START_TIMEOUT_MS = 45_000;
const STOP_GRACE_MS = 2_000;
const STATE_LINE = /state endpoint listening .*"url":"(http:\/\/127\.0\.0\.1:\d+\/state)"/;

export type NalsOptions = (
  | {
      /** The account's nalsToken (GET v1/me); the emulator connects to the e2e broker. */
      token: string;
    }
  | {
      /** A `nals://start?token=…&broker=…` link, as the web launches it: token and broker come from it. */
      link: string;
    }
) & {
  /** The version the emulator behaves as (default: its own, the reference one). */
  version?: string;
  /** Failures to simulate (`--fail`), e.g. AUDIO_DRIVER_NOT_STARTED. */
  fail?: string[];
  /** The folder for its recordings (`--recordings`); by default one shared by every emulator of the machine. */
  recordings?: string;
  /** Milliseconds added to every datagram it sends to a room (`--latency`), as on a distant network. */
  latency?: number;
  /** A note it relays once after its first start (`--chat FROM:TEXT`): the private_chat_message signal. */
  chat?: { from: string; text: string };
  /**
   * The client to run: by default the repository's (apps/nals, through the TypeScript loader); a file downloaded from
   * the web's download page (`tutti-nals-<version>.mjs`) runs as it is, with plain Node, as a musician runs it.
   */
  program?: string;
};

export interface NalsEmulator {
  readonly pid: number;
  /** The client's own state (GET /state), checked against the contract's schema. */
  state(): Promise<NalsEmulatorState>;
  /** SIGKILL: the client vanishes without a word, as when it crashes or the computer sleeps. */
  kill(): Promise<void>;
  /** SIGTERM (the client says bye), then SIGKILL if it has not exited within 2 s. */
  stop(): Promise<void>;
  /** Everything the process wrote, for failure messages. */
  output(): string;
}

export interface NalsLauncher {
  start(options: NalsOptions): Promise<NalsEmulator>;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (exited(child)) return;
  child.kill(signal);
  if (signal !== 'SIGKILL' && (await waitForExit(child, STOP_GRACE_MS))) return;
  if (!exited(child)) child.kill('SIGKILL');
  await waitForExit(child, 10_000);
}

/** Starts `apps/nals` against the e2e broker with a state endpoint on a free port, and waits until it serves. */
async function startEmulator(options: NalsOptions): Promise<{ emulator: NalsEmulator; child: ChildProcess }> {
  const args = [
    options.program ?? NALS_MAIN,
    ...('link' in options ? [options.link] : ['--token', options.token, '--broker', BROKER_URL]),
  ];
  args.push('--state-port', '0');
  if (options.version) args.push('--version', options.version);
  if (options.fail?.length) args.push('--fail', options.fail.join(','));
  if (options.recordings) args.push('--recordings', options.recordings);
  if (options.latency) args.push('--latency', String(options.latency));
  if (options.chat) args.push('--chat', `${options.chat.from}:${options.chat.text}`);
  const nodeArgs = options.program ? [] : NODE_ARGS;
  const child = spawn(process.execPath, [...nodeArgs, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // Read both pipes for the whole life of the process: a full pipe would block the client's logging and stall it.
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.on('error', (err) => (output += `\nspawn error: ${err.message}`));
  const stateUrl = await new Promise<string>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.stderr?.off('data', look);
      child.stdout?.off('data', look);
      child.off('exit', onExit);
    };
    const fail = (why: string) => {
      done();
      child.kill('SIGKILL');
      reject(new Error(`audio client emulator (${args.join(' ')}): ${why}\n${output}`));
    };
    const look = () => {
      const url = STATE_LINE.exec(output)?.[1];
      if (!url) return;
      done();
      resolve(url);
    };
    const onExit = (code: number | null, signal: string | null) => fail(`exited (code ${code}, signal ${signal})`);
    const timer = setTimeout(() => fail(`no state endpoint after ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', onExit);
  });

  const emulator: NalsEmulator = {
    pid: child.pid ?? -1,
    async state() {
      const res = await fetch(stateUrl);
      if (!res.ok) throw new Error(`GET ${stateUrl}: ${res.status} ${await res.text()}`);
      return NalsEmulatorStateSchema.parse(await res.json());
    },
    kill: () => stopChild(child, 'SIGKILL'),
    stop: () => stopChild(child, 'SIGTERM'),
    output: () => output,
  };
  return { emulator, child };
}

/**
 * `nals.start({ token })` runs an audio client emulator for the test; every one still running when the test ends is
 * stopped (SIGTERM, SIGKILL after 2 s), whatever the outcome.
 */
export const test = base.extend<{ nals: NalsLauncher }>({
  // Playwright reads the fixtures a fixture needs from its first parameter; this one needs none.
  // eslint-disable-next-line no-empty-pattern
  nals: async ({}, use, testInfo) => {
    const children: { emulator: NalsEmulator; child: ChildProcess }[] = [];
    await use({
      async start(options) {
        const started = await startEmulator(options);
        children.push(started);
        return started.emulator;
      },
    });
    await Promise.all(children.map(({ child }) => stopChild(child, 'SIGTERM')));
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const [index, { emulator }] of children.entries()) {
        await testInfo.attach(`nals-${index + 1}.log`, { body: emulator.output(), contentType: 'text/plain' });
      }
    }
  },
});

export { expect } from '@playwright/test';
export type { NalsEmulatorState };
