import { createSocket, type Socket } from 'node:dgram';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_AUDIO_IN } from '@tutti/contract/room';
import type { RoomServer } from '../../room/src/server.ts';
import { sleep, startHarness, type Harness } from './harness.ts';
import { createRoom, ROOM_SECRET, startTestRoomServer, ticketFor } from './room-server.ts';

type Levels = { input: number; output: number; slots: Record<string, number> };

describe('room connection over real UDP (connect, cnx, audio_levels, ping, cl_ping, dis)', () => {
  let room: RoomServer;
  let h: Harness;
  const connect = async (player = 1) => {
    const echo = await createRoom(room, { kind: 'echo' });
    await h.send('connect', { ip: echo.ip, port: echo.port, player, charge: ticketFor(echo.id, player) });
    return echo;
  };

  beforeAll(async () => {
    room = await startTestRoomServer();
  });
  afterAll(() => room.close());
  afterEach(() => h.close());

  it('connect -> cnx once the room accepted the join', async () => {
    h = await startHarness();
    const echo = await connect(3);
    const cnx = await h.transport.waitFor('cnx');
    expect(cnx.data).toEqual({ ip: '127.0.0.1', port: echo.port, player: 3 });
    expect(
      room.registry
        .get(echo.id)
        ?.players()
        .map((p) => p.slot),
    ).toEqual([3]);
    expect((await h.nals.client.state()).connection).toMatchObject({ phase: 'connected', room: echo.id, player: 3 });
  });

  it('audio_levels about every levels interval, with the echo coming back as output and slot level', async () => {
    h = await startHarness();
    await connect(2);
    await h.transport.waitFor('cnx');
    await sleep(400);
    const levels = h.transport.signals('audio_levels').map((s) => s.data as Levels);
    expect(levels.length).toBeGreaterThanOrEqual(4);
    const last = levels.at(-1) as Levels;
    expect(last.input).toBeGreaterThan(0.05);
    expect(last.output).toBeGreaterThan(0.05);
    expect(last.slots['2']).toBe(last.output);
    const { connection } = await h.nals.client.state();
    expect(connection?.framesSent).toBeGreaterThan(5);
    expect(connection?.framesReceived).toBeGreaterThan(5);
  });

  it('set_slot_mute silences that slot in audio_levels', async () => {
    h = await startHarness();
    await connect(4);
    await h.transport.waitFor('cnx');
    // Windows in which the echo was heard (on a busy machine, one may close before a frame comes back).
    const heard = (data: unknown) => (data as Levels).slots['4'] !== undefined;
    await h.transport.waitFor('audio_levels', heard);
    await h.send('set_slot_mute', { slot: 4, muted: true });
    const from = h.mark();
    const next = await h.transport.waitFor('audio_levels', heard, from);
    expect((next.data as Levels).slots['4']).toBe(0);
  });

  it('ping -> ping with a measured UDP round trip; ping signals and cl_ping also come periodically', async () => {
    h = await startHarness();
    await connect();
    await h.transport.waitFor('cnx');
    const from = h.mark();
    await h.send('ping');
    const ping = await h.transport.waitFor('ping', () => true, from);
    expect((ping.data as { rttMs: number }).rttMs).toBeGreaterThan(0);
    expect((ping.data as { rttMs: number }).rttMs).toBeLessThan(500);
    await sleep(1200);
    expect(h.transport.signals('ping', from).length).toBeGreaterThanOrEqual(5);
    const clPing = h.transport.signals('cl_ping', from);
    expect(clPing.length).toBeGreaterThanOrEqual(1);
    expect((clPing[0]?.data as { rttMs: number }).rttMs).toBeGreaterThan(0);
  });

  it('--latency: datagrams to the room leave that much later, so the measured round trip grows by it', async () => {
    h = await startHarness({ latencyMs: 80 });
    await connect();
    await h.transport.waitFor('cnx');
    const from = h.mark();
    await h.send('ping');
    const ping = await h.transport.waitFor('ping', () => true, from);
    // A lower bound only: the delay is the mechanism; how long the rest takes depends on the machine.
    expect((ping.data as { rttMs: number }).rttMs).toBeGreaterThanOrEqual(80);
  });

  it('ping when in no room -> status NOT_CONNECTED', async () => {
    h = await startHarness();
    await h.send('ping');
    expect(h.transport.published.at(-1)).toEqual({
      signal: 'status',
      data: { code: 'NOT_CONNECTED', message: expect.any(String) },
    });
  });

  it('below 0.9.0: ping is unknown and neither ping nor cl_ping is ever sent', async () => {
    h = await startHarness({ version: '0.8.9' });
    await connect();
    await h.transport.waitFor('cnx');
    await h.send('ping');
    expect(h.transport.signals('error').at(-1)?.data).toMatchObject({ code: 'INVALID_COMMAND' });
    await sleep(1200);
    expect(h.transport.signals('ping')).toHaveLength(0);
    expect(h.transport.signals('cl_ping')).toHaveLength(0);
    expect(h.transport.signals('audio_levels').length).toBeGreaterThan(0);
  });

  it('disconnect -> leave and dis {reason: requested}', async () => {
    h = await startHarness();
    const echo = await connect();
    await h.transport.waitFor('cnx');
    await h.send('disconnect');
    expect(h.transport.published.at(-1)).toEqual({ signal: 'dis', data: { reason: 'requested' } });
    await expect.poll(() => room.registry.get(echo.id)?.players().length).toBe(0);
    const from = h.mark();
    await sleep(200);
    expect(h.transport.signals('audio_levels', from)).toHaveLength(0);
    expect((await h.nals.client.state()).connection).toBeNull();
  });

  it('connect to a room the server does not know -> error ROOM_UNREACHABLE and dis {reason: refused}', async () => {
    h = await startHarness();
    const charge = ticketFor('no-such-room', 0);
    await h.send('connect', { ip: '127.0.0.1', port: room.udpPort, player: 0, charge });
    await h.transport.waitFor('dis');
    expect(h.transport.published.slice(-2)).toEqual([
      { signal: 'error', data: { code: 'ROOM_UNREACHABLE', message: expect.stringContaining('UNKNOWN_ROOM') } },
      { signal: 'dis', data: { reason: 'refused' } },
    ]);
  });

  it('connect with a bare room id or a ticket for another slot -> refused BAD_TICKET, never in the room', async () => {
    h = await startHarness();
    const echo = await createRoom(room, { kind: 'echo' });
    for (const charge of [echo.id, ticketFor(echo.id, 1)]) {
      const from = h.mark();
      await h.send('connect', { ip: echo.ip, port: echo.port, player: 0, charge });
      await h.transport.waitFor('dis', () => true, from);
      expect(h.transport.published.slice(-2)).toEqual([
        { signal: 'error', data: { code: 'ROOM_UNREACHABLE', message: expect.stringContaining('BAD_TICKET') } },
        { signal: 'dis', data: { reason: 'refused' } },
      ]);
    }
    expect(room.registry.get(echo.id)?.players()).toEqual([]);
  });

  it('answers the room server’s challenge with its cookie, and only that admits it', async () => {
    h = await startHarness();
    const server = createSocket('udp4');
    const joins: { cookie?: string; charge?: string; room: string }[] = [];
    // Stands for the room server: challenges the first join, admits the one that carries the cookie back.
    server.on('message', (msg, rinfo) => {
      if (msg[0] === ROOM_AUDIO_IN) return; // audio once admitted: not this test's concern
      const d = JSON.parse(msg.toString()) as { t: string; room: string; player: number; cookie?: string };
      if (d.t !== 'join') return;
      joins.push(d);
      const answer =
        d.cookie === 'c00kie'
          ? { t: 'joined', room: d.room, player: d.player }
          : { t: 'challenge', room: d.room, player: d.player, cookie: 'c00kie' };
      server.send(JSON.stringify(answer), rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => server.bind(0, '127.0.0.1', () => r()));
    const charge = ticketFor('r7', 2);
    await h.send('connect', { ip: '127.0.0.1', port: server.address().port, player: 2, charge });
    await h.transport.waitFor('cnx');
    expect(joins.slice(0, 2)).toMatchObject([
      { room: 'r7', charge },
      { room: 'r7', charge, cookie: 'c00kie' },
    ]);
    expect(joins[0]?.cookie).toBeUndefined();
    server.close();
  });

  it('connect without a ticket in charge -> error ROOM_UNREACHABLE and dis {reason: refused}', async () => {
    h = await startHarness();
    await h.send('connect', { ip: '127.0.0.1', port: room.udpPort, player: 0 });
    expect(h.transport.published.slice(-2).map((s) => s.signal)).toEqual(['error', 'dis']);
  });

  it('no answer to the join in time -> error ROOM_UNREACHABLE and dis {reason: refused}', async () => {
    h = await startHarness();
    const silent = createSocket('udp4');
    await new Promise<void>((r) => silent.bind(0, '127.0.0.1', () => r()));
    const t0 = performance.now();
    await h.send('connect', { ip: '127.0.0.1', port: silent.address().port, player: 0, charge: 'x' });
    await h.transport.waitFor('dis');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(550);
    expect(h.transport.published.slice(-2).map((s) => s.signal)).toEqual(['error', 'dis']);
    silent.close();
  });

  it('fault ROOM_UNREACHABLE: the join never arrives, so connect times out', async () => {
    h = await startHarness({ faults: ['ROOM_UNREACHABLE'] });
    const echo = await connect();
    await h.transport.waitFor('dis');
    expect(h.transport.signals('cnx')).toHaveLength(0);
    expect(room.registry.get(echo.id)?.players()).toEqual([]);
  });

  it('a room that goes silent -> dis {reason: lost}', async () => {
    h = await startHarness();
    const fake: Socket = createSocket('udp4');
    // Accepts the join, then never says anything again.
    fake.on('message', (msg, rinfo) => {
      if (msg[0] === ROOM_AUDIO_IN) return; // the client's audio, binary: a silent room ignores it
      const d = JSON.parse(msg.toString()) as { t: string; room: string; player: number };
      if (d.t === 'join')
        fake.send(JSON.stringify({ t: 'joined', room: d.room, player: d.player }), rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => fake.bind(0, '127.0.0.1', () => r()));
    await h.send('connect', { ip: '127.0.0.1', port: fake.address().port, player: 0, charge: 'r1' });
    await h.transport.waitFor('cnx');
    const dis = await h.transport.waitFor('dis', () => true, 0, 3000);
    expect(dis.data).toEqual({ reason: 'lost' });
    fake.close();
  });

  it('while connected, a refusal naming its room, or NOT_JOINED naming none (audio’s), ends the link', async () => {
    h = await startHarness();
    const fake: Socket = createSocket('udp4');
    let answerWith: object = { t: 'refused', reason: 'ROOM_FULL' };
    fake.on('message', (msg, rinfo) => {
      const reply = (o: object) => fake.send(JSON.stringify(o), rinfo.port, rinfo.address);
      if (msg[0] === ROOM_AUDIO_IN) {
        reply(answerWith);
        return;
      }
      const d = JSON.parse(msg.toString()) as { t: string; room: string; player: number };
      if (d.t === 'join') reply({ t: 'joined', room: d.room, player: d.player });
    });
    await new Promise<void>((r) => fake.bind(0, '127.0.0.1', () => r()));
    await h.send('connect', { ip: '127.0.0.1', port: fake.address().port, player: 0, charge: ticketFor('r9', 0) });
    await h.transport.waitFor('cnx');
    await sleep(200);
    answerWith = { t: 'refused', room: 'another-room', reason: 'NOT_JOINED' };
    await sleep(200);
    expect(h.transport.signals('dis')).toHaveLength(0);
    answerWith = { t: 'refused', room: 'r9', reason: 'NOT_JOINED' };
    expect((await h.transport.waitFor('dis')).data).toEqual({ reason: 'lost' });
    // Binary audio names no room, so the room server's answer to audio from an address it no longer knows names none.
    answerWith = { t: 'refused', reason: 'ROOM_FULL' };
    const from = h.mark();
    await h.send('connect', { ip: '127.0.0.1', port: fake.address().port, player: 0, charge: ticketFor('r9', 0) });
    await h.transport.waitFor('cnx', () => true, from);
    answerWith = { t: 'refused', reason: 'NOT_JOINED' };
    expect((await h.transport.waitFor('dis', () => true, from)).data).toEqual({ reason: 'lost' });
    fake.close();
  });

  it('a room closed under the client -> dis {reason: lost}', async () => {
    h = await startHarness();
    const echo = await connect();
    await h.transport.waitFor('cnx');
    await fetch(`http://127.0.0.1:${room.httpPort}/rooms/${echo.id}`, {
      method: 'DELETE',
      headers: { 'x-room-secret': ROOM_SECRET },
    });
    expect((await h.transport.waitFor('dis')).data).toEqual({ reason: 'lost' });
  });

  it('connect while connected leaves the first room (dis requested) and joins the second', async () => {
    h = await startHarness();
    const first = await connect();
    await h.transport.waitFor('cnx');
    const from = h.mark();
    await connect();
    await h.transport.waitFor('cnx', () => true, from);
    expect(h.transport.signals('dis', from)).toEqual([{ signal: 'dis', data: { reason: 'requested' } }]);
    await expect.poll(() => room.registry.get(first.id)?.players().length).toBe(0);
  });

  it('stop leaves the room (dis) before bye', async () => {
    h = await startHarness();
    await connect();
    await h.transport.waitFor('cnx');
    const from = h.mark();
    await h.send('stop');
    const tail = h.transport.published
      .slice(from)
      .map((s) => s.signal)
      .filter((s) => !['audio_levels', 'ping', 'cl_ping'].includes(s));
    expect(tail).toEqual(['dis', 'bye']);
  });

  it('fault AUDIO_DRIVER_NOT_STARTED: connected, but the capture is silence', async () => {
    h = await startHarness({ faults: ['AUDIO_DRIVER_NOT_STARTED'] });
    await connect();
    await h.transport.waitFor('cnx');
    await sleep(300);
    const last = h.transport.signals('audio_levels').at(-1)?.data as Levels;
    expect(last).toMatchObject({ input: 0, output: 0 });
  });
});
