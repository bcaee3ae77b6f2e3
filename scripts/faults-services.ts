/**
 * How scripts/faults.ts stops and starts this machine's PostgreSQL and Redis (the commands the machine itself starts
 * them with), and how it tells they are up. Only the loopback services on their standard ports.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';

const exec = promisify(execFile);

export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cluster of this machine: /etc/postgresql/<version>/main. */
function cluster(): [string, string] {
  const versions = readdirSync('/etc/postgresql');
  if (versions.length !== 1) throw new Error(`expected one PostgreSQL version in /etc/postgresql, found ${versions}`);
  return [versions[0] as string, 'main'];
}

export async function postgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres`, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisUp(): Promise<boolean> {
  try {
    const { stdout } = await exec('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping'], { timeout: 2000 });
    return stdout.trim() === 'PONG';
  } catch {
    return false;
  }
}

/** Waits until up() holds, at most timeoutMs. */
export async function waitUntil(up: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await up()) return true;
    await sleep(100);
  }
  return up();
}

export async function stopPostgres(): Promise<void> {
  await exec('pg_ctlcluster', ['--skip-systemctl-redirect', ...cluster(), 'stop', '-m', 'fast'], { timeout: 30_000 });
}

export async function startPostgres(): Promise<void> {
  await exec('pg_ctlcluster', ['--skip-systemctl-redirect', ...cluster(), 'start'], { timeout: 60_000 });
}

export async function stopRedis(): Promise<void> {
  await exec('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'shutdown', 'nosave'], { timeout: 5000 }).catch(
    () => undefined, // the connection closes as the server exits: that is the expected answer
  );
  if (!(await waitUntil(async () => !(await redisUp()), 5000))) throw new Error('Redis did not stop');
}

export async function startRedis(): Promise<void> {
  // The machine's own command line (it keeps nothing on disk).
  await exec(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      '6379',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/var/lib/redis',
      '--logfile',
      '/var/log/redis/ci.log',
    ],
    { timeout: 10_000 },
  );
}

/** Whatever happened, PostgreSQL and Redis are up again afterwards (other work on this machine uses them). */
export async function ensureServicesUp(): Promise<{ postgres: boolean; redis: boolean }> {
  if (!(await postgresUp())) await startPostgres().catch((err: unknown) => console.error('PostgreSQL start:', err));
  if (!(await redisUp())) await startRedis().catch((err: unknown) => console.error('Redis start:', err));
  return { postgres: await waitUntil(postgresUp, 30_000), redis: await waitUntil(redisUp, 10_000) };
}
