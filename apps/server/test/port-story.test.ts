import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

// The README's start on another port (issue 29, "Any port works"): the server as `npm start` runs it, with PORT and
// nothing else about addresses. The page's live bus (busHost of v1/config), the broker the page and the audio
// clients use (queueHost) and the links of the emails it sends must all name the port it listens on.

const START_TIMEOUT_MS = 90_000;

/** A loopback TCP port free now (with the broker's, three past it, when asked). */
async function freePort(alsoFree: (port: number) => number[] = () => []): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const others = alsoFree(port);
    if (others.every((p) => p <= 65535) && (await Promise.all(others.map(isFree))).every(Boolean)) return port;
  }
}

async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise((resolve) => server.close(resolve));
  return free;
}

interface Started {
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

/** main.ts in a child process, on a fresh data folder. ROOM_SERVER_URL only keeps it from starting its own room
 *  server on the fixed room ports, which another server on this machine may hold; it names no address the test
 *  reads. */
function startServer(env: Record<string, string>): Started {
  const dataDir = mkdtempSync(join(tmpdir(), 'tutti-port-'));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      DATA_DIR: dataDir,
      PLACES_DATASET: 'sample',
      ROOM_SERVER_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return { child, dataDir, output: () => out };
}

/** The address main.ts says it runs at, once it listens. */
async function runningAt(server: Started): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = /Tutti is running at (http:\/\/[^\s"]+) /u.exec(server.output());
    if (match) return match[1] as string;
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start: ${server.output()}`);
}

const agent = () => ({ 'x-agent': JSON.stringify({ app: 'tutti-test/1.0.0', serial: randomUUID(), nals: '0.11.0' }) });

/** Signs a musician up; answers the text of the confirmation email the outbox then holds. */
async function confirmationEmail(origin: string, dataDir: string): Promise<string> {
  const suffix = randomBytes(4).toString('hex');
  const res = await fetch(`${origin}/api/v1/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...agent() },
    body: JSON.stringify({
      email: `port.${suffix}@example.com`,
      password: `pw-${suffix}-long-enough`,
      username: `port${suffix}`,
      birthdate: '1990-04-12',
      locale: 'en',
    }),
  });
  expect(res.status).toBe(201);
  const mailDir = join(dataDir, 'mail');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = (() => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    })();
    if (files.length > 0) {
      const raw = readFileSync(join(mailDir, files[0] as string), 'utf8');
      // Quoted-printable: soft line breaks and encoded '='.
      return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no email in the outbox');
}

/** The audio client emulator as the README starts it (`npm run nals -- --token …`), pointed at a server: the
 *  broker it says it connects to. */
async function emulatorBroker(server: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'apps/nals/src/main.ts'), '--token', 'port-story-token', '--server', server],
    { cwd: REPO_ROOT, env: { PATH: process.env['PATH'] ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the emulator did not start: ${out}`)), START_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /starting the audio client emulator .*"broker":"([^"]+)"/u.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => reject(new Error(`the emulator exited: ${out}`)));
    });
  } finally {
    child.kill('SIGKILL');
  }
}

interface ClientConfig {
  busHost: string;
  queueHost: string;
}

describe('a server started with PORT alone', () => {
  const started: Started[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) {
      if (server.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it(
    'gives the page and the audio client its bus and broker on that port, and links emails to it',
    { timeout: 180_000 },
    async () => {
      const port = await freePort((p) => [p + 3]);
      const server = startServer({ PORT: String(port) });
      started.push(server);
      const origin = `http://localhost:${port}`;
      expect(await runningAt(server)).toBe(origin);

      const config = (await (await fetch(`${origin}/api/v1/config?current=true`)).json()) as ClientConfig;
      expect(config.busHost).toBe(`ws://localhost:${port}/bus`);
      // The embedded broker moved along (PORT + 3) and listens there.
      expect(config.queueHost).toBe(`ws://localhost:${port + 3}`);
      expect(await isFree(port + 3)).toBe(false);

      const mail = await confirmationEmail(origin, server.dataDir);
      const links = mail.match(/https?:\/\/[^\s"'<>]+/gu) ?? [];
      expect(links.some((link) => link.startsWith(`${origin}/users/validate-account?token=`))).toBe(true);
      expect(links.filter((link) => link.startsWith('http://localhost:8080'))).toEqual([]);

      // The audio client emulator pointed at it finds that broker by itself.
      expect(await emulatorBroker(origin)).toBe(`ws://localhost:${port + 3}`);
    },
  );

  it('with PORT=0, names the port the system picked', { timeout: 180_000 }, async () => {
    const server = startServer({ PORT: '0', HOST: '127.0.0.1' });
    started.push(server);
    const origin = await runningAt(server);
    const port = Number(new URL(origin).port);
    expect(origin).toBe(`http://127.0.0.1:${port}`);
    expect(port).toBeGreaterThan(0);

    const config = (await (await fetch(`${origin}/api/v1/config?current=true`)).json()) as ClientConfig;
    expect(config.busHost).toBe(`ws://127.0.0.1:${port}/bus`);
    // The broker took a free port of its own, and says which.
    const brokerPort = Number(new URL(config.queueHost).port);
    expect(brokerPort).toBeGreaterThan(0);
    expect(await isFree(brokerPort)).toBe(false);
  });
});
