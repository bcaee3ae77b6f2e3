import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NalsEmulatorStateSchema } from '@tutti/contract/nals';
import type { RoomServer } from '../../room/src/server.ts';
import { startNals } from '../src/app.ts';
import { silentLog } from '../src/log.ts';
import { startTestBroker, WebSide } from './broker.ts';
import { createRoom, startTestRoomServer, ticketFor } from './room-server.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

describe('through a real Aedes broker and a real room server', () => {
  let broker: Awaited<ReturnType<typeof startTestBroker>>;
  let room: RoomServer;
  let dir: string;

  beforeAll(async () => {
    broker = await startTestBroker();
    room = await startTestRoomServer();
    dir = await mkdtemp(join(tmpdir(), 'nals-it-'));
  });
  afterAll(async () => {
    await room.close();
    await broker.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('hello, connect -> cnx, ping rtt > 0, audio_levels flowing, disconnect -> dis, stop -> bye', async () => {
    const token = 'itToken1';
    const web = await WebSide.connect(broker.url, token);
    const nals = await startNals(
      { token, broker: broker.url, version: '0.11.0', statePort: null, faults: [], recordingsDir: dir, chat: null },
      silentLog,
    );
    try {
      expect((await web.waitFor('hello')).data).toMatchObject({ version: '0.11.0' });

      const echo = await createRoom(room, { kind: 'echo' });
      await web.send('connect', { ip: echo.ip, port: echo.port, player: 0, charge: ticketFor(echo.id, 0) });
      expect((await web.waitFor('cnx')).data).toEqual({ ip: '127.0.0.1', port: room.udpPort, player: 0 });

      const beforePing = web.mark();
      await web.send('ping');
      const ping = await web.waitFor('ping', beforePing);
      expect((ping.data as { rttMs: number }).rttMs).toBeGreaterThan(0);

      const levelsFrom = web.mark();
      await new Promise((r) => setTimeout(r, 1100));
      // About 10 per second.
      expect(web.count('audio_levels', levelsFrom)).toBeGreaterThanOrEqual(5);
      expect(web.count('audio_levels', levelsFrom)).toBeLessThanOrEqual(14);
      const clPing = await web.waitFor('cl_ping', levelsFrom);
      expect((clPing.data as { rttMs: number }).rttMs).toBeGreaterThan(0);

      const beforeDis = web.mark();
      await web.send('disconnect');
      expect((await web.waitFor('dis', beforeDis)).data).toEqual({ reason: 'requested' });
      await expect.poll(() => room.registry.stats().players).toBe(0);

      await web.send('set_audio_channel', { channel: 1 });
      await web.send('this is not a command');
      const beforeBye = web.mark();
      await nals.stop();
      await web.waitFor('bye', beforeBye);
      const tail = web.received.map((s) => s.signal);
      expect(tail).toContain('current_config');
      expect(tail).toContain('error');
    } finally {
      await web.close();
    }
  });

  it('the CLI: --state-port serves the state, SIGTERM says bye, and a killed client is reported by its last will', async () => {
    const token = 'itToken2';
    const web = await WebSide.connect(broker.url, token);
    const run = () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', MAIN, '--token', token, '--broker', broker.url, '--state-port', '0', '--recordings', dir],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      const statePort = new Promise<number>((resolve, reject) => {
        let err = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          err += chunk.toString();
          const m = /127\.0\.0\.1:(\d+)\/state/.exec(err);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`nals exited (${code}): ${err}`)));
      });
      return { child, statePort };
    };
    const exited = (child: ChildProcess) =>
      new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const first = run();
      const port = await first.statePort;
      await web.waitFor('hello');
      await web.send('set_audio_quality', { quality: 2 });
      await web.waitFor('current_config');
      const state = NalsEmulatorStateSchema.parse(await (await fetch(`http://127.0.0.1:${port}/state`)).json());
      expect(state).toMatchObject({ running: true, broker: { online: true }, config: { audioQuality: 2 } });

      let from = web.mark();
      const firstExit = exited(first.child);
      first.child.kill('SIGTERM');
      await web.waitFor('bye', from);
      expect(await firstExit).toBe(0);

      const second = run();
      await second.statePort;
      from = web.mark();
      await web.waitFor('hello', from);
      from = web.mark();
      second.child.kill('SIGKILL');
      expect((await web.waitFor('bye', from)).data).toBeUndefined();
    } finally {
      await web.close();
    }
  }, 30_000);
});
