import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { brokerUrl } from './support/mqtt.ts';
import { createUser, getMe } from './support/users.ts';

type ErrorJson = { error: { code: string; message: string } };
const run = promisify(execFile);

describe.each(databases())('audio client download files on $name', (database) => {
  let t: TestApp;
  /** Outside the repository, so the bundle cannot lean on its node_modules. */
  let outside: string;

  /** What a person's browser gets at the address GET v1/nals/download answers. */
  async function download(address: string) {
    const url = new URL(address);
    expect(url.origin).toBe(t.config.publicUrl);
    const res = await t.app.inject({ method: 'GET', url: url.pathname });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
  }

  async function downloadAddress(query: string): Promise<string> {
    const res = await call(t, 'GET', `v1/nals/download?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.text;
  }

  /** Saves a bundle outside the repository and runs it with node. */
  async function runBundle(body: Buffer, name: string, args: string[]) {
    const file = join(outside, name);
    writeFileSync(file, body);
    return run(process.execPath, [file, ...args], { cwd: outside, timeout: 20_000 });
  }

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, { BROKER_ENABLED: 'true', BROKER_PORT: '0' });
    outside = mkdtempSync(join(tmpdir(), 'tutti-nals-download-'));
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  it('answers the address of v1/nals/download with the emulator, a JavaScript file that runs with node', async () => {
    const address = await downloadAddress('os=linux');
    expect(address).toBe(`${t.config.publicUrl}/downloads/nals/0.11.0/tutti-nals-0.11.0.mjs`);
    const res = await download(address);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tutti-nals-0.11.0.mjs"');
    expect(res.headers['link']).toContain('<tutti-nals-0.11.0.txt>; rel="describedby"');
    expect(res.body.subarray(0, 20).toString()).toBe('#!/usr/bin/env node\n');

    const { stdout } = await runBundle(res.body, 'tutti-nals-0.11.0.mjs', ['--help']);
    expect(stdout).toContain('tutti-nals 0.11.0: the Tutti audio client (NALS) emulator.');
    expect(stdout).toContain('The audio engine is SIMULATED');
    expect(stdout).toContain('--token TOKEN');
  }, 60_000);

  it('serves the same file to every system, built once and kept in DATA_DIR/downloads', async () => {
    const addresses = await Promise.all(['linux', 'windows', 'mac'].map((os) => downloadAddress(`os=${os}`)));
    expect(new Set(addresses).size).toBe(1);
    const bodies = await Promise.all(addresses.map(async (a) => (await download(a)).body));
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true);
    const cache = join(t.dataDir, 'downloads', 'nals');
    const [fingerprint, ...others] = readdirSync(cache);
    expect(others).toEqual([]);
    expect(existsSync(join(cache, fingerprint!, '0.11.0', 'tutti-nals-0.11.0.mjs'))).toBe(true);

    // Revalidation: unchanged sources, same file, no body.
    const first = await t.app.inject({ method: 'GET', url: new URL(addresses[0]!).pathname });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    const again = await t.app.inject({
      method: 'GET',
      url: new URL(addresses[0]!).pathname,
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  }, 60_000);

  it('stamps each release with its own version, the default of --version', async () => {
    const address = await downloadAddress('os=windows&target=0.9.0');
    expect(address).toBe(`${t.config.publicUrl}/downloads/nals/0.9.0/tutti-nals-0.9.0.mjs`);
    const res = await download(address);
    expect(res.status).toBe(200);
    const { stdout } = await runBundle(res.body, 'tutti-nals-0.9.0.mjs', ['--help']);
    expect(stdout).toContain('tutti-nals 0.9.0: the Tutti audio client (NALS) emulator.');
    expect(stdout).toContain('(default 0.9.0)');
  }, 60_000);

  it('the downloaded file signs in to the broker with a musician’s token and reports itself online', async () => {
    const user = await createUser(t);
    const { nalsToken } = await getMe(t, user.accessToken);
    const res = await download(await downloadAddress('os=mac'));
    const file = join(outside, 'connect.mjs');
    writeFileSync(file, res.body);
    const child = spawn(
      process.execPath,
      [file, '--token', nalsToken, '--broker', brokerUrl(t), '--state-port', '0', '--recordings', outside],
      { cwd: outside, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    try {
      let log = '';
      const statePort = await new Promise<number>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          const found = /127\.0\.0\.1:(\d+)\/state/.exec(log);
          if (found) resolve(Number(found[1]));
        });
        child.once('exit', (code) => reject(new Error(`the bundle exited (${code}): ${log}`)));
      });
      let state: { version?: string; running?: boolean; broker?: { online: boolean } } = {};
      // Online comes with the CONNACK, running once the commands topic is subscribed: wait for both.
      for (let i = 0; i < 100 && !(state.broker?.online && state.running); i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        state = (await (await fetch(`http://127.0.0.1:${statePort}/state`)).json()) as typeof state;
      }
      expect(state).toMatchObject({ version: '0.11.0', running: true, broker: { online: true } });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);

  it('explains how to run it in a text file next to it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/downloads/nals/0.11.0/tutti-nals-0.11.0.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const { queueHost } = (await call<{ queueHost: string }>(t, 'GET', 'v1/config')).json;
    expect(queueHost).toBe(`ws://localhost:${t.app.tutti.broker()?.port}`);
    expect(res.body).toContain(`node tutti-nals-0.11.0.mjs --token YOUR_TOKEN --broker ${queueHost}`);
    expect(res.body).toContain(`node tutti-nals-0.11.0.mjs --token YOUR_TOKEN --server ${t.config.publicUrl}`);
    expect(res.body).toContain('Node.js 20');
  });

  it('answers 404 with the error model for an unknown release, file or path, never the web app', async () => {
    for (const path of [
      '/downloads/nals/9.9.9/tutti-nals-9.9.9.mjs',
      '/downloads/nals/latest/tutti-nals-latest.mjs',
      '/downloads/nals/0.11.0/tutti-nals-0.11.0-linux-x64.tar.gz',
      '/downloads/nals/0.11.0/tutti-nals-0.9.0.mjs',
      '/downloads/nals/0.11.0/..%2F..%2F..%2Fpackage.json',
      '/downloads/nals/0.11.0/%2E%2E',
      '/downloads/nals/0.11.0/',
      '/downloads/nals/0.11.0/sub/tutti-nals-0.11.0.mjs',
      '/downloads/nals/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('application/json');
      expect((res.json() as ErrorJson).error.code, path).toBe('NOT_FOUND');
    }
  });
});
