import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestBroker, WebSide } from './broker.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** The emulator promises to be gone within about a second of SIGTERM; a little slack for a busy test machine. */
const EXIT_BUDGET_MS = 1500;

/** A TCP relay to the broker that can freeze: it then keeps every socket open and forwards nothing, like a broker
 *  host that vanished from the network (no RST, so the client still believes it is connected). */
async function startRelay(target: number): Promise<{ port: number; freeze(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server: Server = createServer((inbound) => {
    sockets.add(inbound);
    if (frozen) return;
    const outbound = connect(target, '127.0.0.1');
    sockets.add(outbound);
    inbound.on('data', (chunk: Buffer) => void (frozen || outbound.write(chunk)));
    outbound.on('data', (chunk: Buffer) => void (frozen || inbound.write(chunk)));
    const end = () => {
      if (frozen) return;
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('close', end).on('error', end);
    outbound.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => void (frozen = true),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A listener that accepts connections and never answers: every connection attempt of the client hangs. */
async function startBlackHole(port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => void sockets.add(s));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function runCli(token: string, broker: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN, '--token', token, '--broker', broker], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
}

/** Milliseconds from SIGTERM to the exit, and the exit code. */
async function terminate(child: ChildProcess): Promise<{ ms: number; code: number | null }> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = performance.now();
  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
  if (code === 'hung') throw new Error('the emulator was still running 10 s after SIGTERM');
  return { ms: performance.now() - started, code };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM after the broker has gone', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A running CLI client that said hello through `broker` (a URL the test may route through a relay). */
  async function connectedClient(token: string, brokerUrl: string, webUrl: string): Promise<ChildProcess> {
    const web = await WebSide.connect(webUrl, token);
    cleanups.push(() => web.close());
    const child = runCli(token, brokerUrl);
    cleanups.push(() => void child.kill('SIGKILL'));
    await web.waitFor('hello', 0, 15_000);
    return child;
  }

  it('exits at once when the broker closed its port (every reconnection refused)', async () => {
    const broker = await startTestBroker();
    const child = await connectedClient('shutdownA', broker.url, broker.url);
    await broker.close();
    await wait(1500); // at least one refused reconnection
    const { ms, code } = await terminate(child);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(EXIT_BUDGET_MS);
  }, 30_000);

  it('exits when a reconnection attempt hangs (something listens on the port and never answers)', async () => {
    const broker = await startTestBroker();
    const port = Number(new URL(broker.url).port);
    const child = await connectedClient('shutdownB', broker.url, broker.url);
    await broker.close();
    const hole = await startBlackHole(port);
    cleanups.push(() => hole.close());
    await wait(1500); // the client is now stuck in a connection attempt (connack timeout 5 s)
    const { ms, code } = await terminate(child);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(EXIT_BUDGET_MS);
  }, 30_000);

  it('exits when the broker stopped answering on a connection that still looks open', async () => {
    const broker = await startTestBroker();
    cleanups.push(() => broker.close());
    const relay = await startRelay(Number(new URL(broker.url).port));
    cleanups.push(() => relay.close());
    const child = await connectedClient('shutdownC', `ws://127.0.0.1:${relay.port}`, broker.url);
    relay.freeze();
    const { ms, code } = await terminate(child);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(EXIT_BUDGET_MS);
  }, 30_000);
});
