import { describe, expect, it } from 'vitest';
import { CreatedRoomSchema, RoomHealthSchema, ROOM_MAX_DATAGRAM_BYTES, ROOM_SECRET_HEADER } from '@tutti/contract/room';
import { heardAs, roomServerForEachTest, SECRET, type TestAudio } from './helpers.ts';

describe('room server', () => {
  const fixture = roomServerForEachTest('198.51.100.7', 1_000_000);
  const { base, peer, ticket } = fixture;
  const control = (path: string, init: RequestInit = {}, secret: string | null = SECRET) =>
    fetch(`${base()}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(secret === null ? {} : { [ROOM_SECRET_HEADER]: secret }) },
    });
  const createEcho = async () =>
    CreatedRoomSchema.parse(await (await control('/rooms', { method: 'POST', body: '{"kind":"echo"}' })).json());

  describe('HTTP', () => {
    it('reports health with load figures, without a secret', async () => {
      const res = await fetch(`${base()}/health`);
      expect(res.status).toBe(200);
      const body = RoomHealthSchema.parse(await res.json());
      expect(body).toMatchObject({ status: 'ok', rooms: 0, players: 0 });
      expect(body.load.rssBytes).toBeGreaterThan(0);
    });

    it('creates an echo room at the public address and UDP port, and deletes it', async () => {
      const res = await control('/rooms', { method: 'POST', body: JSON.stringify({ kind: 'echo' }) });
      expect(res.status).toBe(201);
      const room = CreatedRoomSchema.parse(await res.json());
      expect(room).toMatchObject({ ip: '198.51.100.7', port: fixture.server.udpPort });
      expect(room.id).toMatch(/^[0-9a-f]{24}$/);
      expect(RoomHealthSchema.parse(await (await fetch(`${base()}/health`)).json()).rooms).toBe(1);

      expect((await control(`/rooms/${room.id}`, { method: 'DELETE' })).status).toBe(204);
      const again = await control(`/rooms/${room.id}`, { method: 'DELETE' });
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('refuses control calls without the right secret', async () => {
      for (const secret of [null, '', 'wrong-secret']) {
        const res = await control('/rooms', { method: 'POST', body: '{"kind":"echo"}' }, secret);
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      }
      const del = await control('/rooms/abc', { method: 'DELETE' }, 'nope');
      expect(del.status).toBe(401);
      expect(fixture.server.registry.stats().rooms).toBe(0);
    });

    it('answers bad bodies and unknown routes with the error model', async () => {
      const badJson = await control('/rooms', { method: 'POST', body: '{kind' });
      expect(badJson.status).toBe(400);
      expect(await badJson.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });

      const badKind = await control('/rooms', { method: 'POST', body: '{"kind":"stadium"}' });
      expect(badKind.status).toBe(400);
      expect(await badKind.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { kind: expect.any(String) } },
      });

      const tooBig = await control('/rooms', {
        method: 'POST',
        body: JSON.stringify({ kind: 'echo', pad: 'x'.repeat(5000) }),
      });
      expect(tooBig.status).toBe(413);

      expect((await control('/nowhere')).status).toBe(404);
      expect((await fetch(`${base()}/health`, { method: 'POST' })).status).toBe(405);
      expect((await control('/rooms', { method: 'GET' })).status).toBe(405);
    });
  });

  describe('UDP', () => {
    it('answers a ping from anyone with a pong carrying the same id and time', async () => {
      const p = await peer();
      expect(await p.request({ t: 'ping', id: 7, sentAt: 123.5 })).toEqual({ t: 'pong', id: 7, sentAt: 123.5 });
    });

    it('echoes audio back to its sender once joined', async () => {
      const room = await createEcho();
      const p = await peer();
      expect(await p.join(room.id, 3, ticket(room.id, 3))).toEqual({
        t: 'joined',
        room: room.id,
        player: 3,
        key: expect.any(String),
      });
      const audio: TestAudio = {
        t: 'audio',
        room: room.id,
        player: 3,
        seq: 42,
        frame: Buffer.from([1, 2, 3, 4]).toString('base64'),
      };
      expect(await p.request(audio, (d) => d.t === 'audio')).toEqual(heardAs(audio));
      expect(fixture.server.registry.stats().players).toBe(1);
    });

    it('refuses unknown rooms, and audio from endpoints that have not joined', async () => {
      const room = await createEcho();
      const p = await peer();
      expect(await p.join('nope', 0, ticket('nope', 0))).toEqual({
        t: 'refused',
        room: 'nope',
        reason: 'UNKNOWN_ROOM',
      });
      // Binary audio names no room: the refusal names none either (it goes to an address bound nowhere here).
      expect(await p.request({ t: 'audio', room: room.id, player: 0, seq: 1, frame: '' })).toEqual({
        t: 'refused',
        reason: 'NOT_JOINED',
      });
    });

    it('lets the ticket holder take an echo room again from a new address, and a repeated join refresh it', async () => {
      const room = await createEcho();
      const first = await peer();
      const second = await peer();
      const mine = ticket(room.id, 0);
      await first.join(room.id, 0, mine);
      expect(await first.join(room.id, 0, mine)).toMatchObject({ t: 'joined' });
      // The audio client restarted on another port: same ticket, the room follows it.
      expect(await second.join(room.id, 0, mine)).toMatchObject({ t: 'joined', player: 0 });
      expect(
        fixture.server.registry
          .get(room.id)
          ?.players()
          .map((p) => p.port),
      ).toEqual([second.localPort]);
      expect(await first.request({ t: 'audio', room: room.id, player: 0, seq: 1, frame: '' })).toMatchObject({
        reason: 'NOT_JOINED',
      });
    });

    it('removes a player that leaves', async () => {
      const room = await createEcho();
      const p = await peer();
      await p.join(room.id, 2, ticket(room.id, 2));
      p.send({ t: 'leave', room: room.id, player: 2 });
      await expect.poll(() => fixture.server.registry.stats().players).toBe(0);
    });

    it('ignores malformed datagrams and keeps serving', async () => {
      const room = await createEcho();
      const p = await peer();
      const junk: (string | Buffer)[] = [
        'not json',
        '{"t":"join"}',
        '{"t":"dance","room":"x"}',
        '[]',
        'null',
        JSON.stringify({ t: 'audio', room: room.id, player: 99, seq: 0, frame: '' }),
        JSON.stringify({ t: 'ping', id: -1, sentAt: 0 }),
        Buffer.alloc(0),
        Buffer.from([0xff, 0xfe, 0x00]),
        // Binary audio cut short, of another version, of an unknown codec, with a frame that does not fit its payload.
        Buffer.from([0xa1]),
        Buffer.from([0xa1, 2, ...new Array<number>(46).fill(0)]),
        Buffer.from([0xa1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 16, 0, 0, ...new Array<number>(32).fill(0)]),
        Buffer.from([0xa1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 16, 0, 0, ...new Array<number>(31).fill(0)]),
        Buffer.from([0xa2, 1, 0, 1, 0, 16, 0, 0, ...new Array<number>(32).fill(0)]),
      ];
      for (const j of junk) p.sendRaw(j);
      p.sendRaw(Buffer.alloc(20_000, 0x7b));
      expect(await p.silentFor(150)).toBe(true);
      expect(await p.request({ t: 'ping', id: 1, sentAt: 1 })).toMatchObject({ t: 'pong', id: 1 });
      const health = RoomHealthSchema.parse(await (await fetch(`${base()}/health`)).json());
      expect(health.load).toMatchObject({
        datagramsIn: junk.length + 2,
        datagramsOut: 1,
        malformed: junk.length,
        control: 1,
        audio: 0,
        dropped: { malformed: junk.length, oversize: 1, unbound: 0, badKey: 0 },
      });
    });

    it('drops a player silent for more than 10 s, and keeps one that pings', async () => {
      const room = await createEcho();
      const quiet = await peer();
      await quiet.join(room.id, 0, ticket(room.id, 0));
      const other = await createEcho();
      const pinger = await peer();
      await pinger.join(other.id, 0, ticket(other.id, 0));

      fixture.clock += 9_000;
      await pinger.request({ t: 'ping', id: 1, sentAt: 0 });
      expect(fixture.server.sweep().droppedPlayers).toEqual([]);
      fixture.clock += 1_500;
      expect(fixture.server.sweep().droppedPlayers).toEqual([{ room: room.id, slot: 0 }]);
      expect(fixture.server.registry.get(other.id)?.players()).toHaveLength(1);
      expect(await quiet.request({ t: 'audio', room: room.id, player: 0, seq: 0, frame: '' })).toMatchObject({
        reason: 'NOT_JOINED',
      });
    });

    it('closes rooms left empty for ten minutes', async () => {
      const room = await createEcho();
      fixture.clock += 10 * 60_000 + 1;
      expect(fixture.server.sweep().closedRooms).toEqual([room.id]);
      expect(fixture.server.registry.stats().rooms).toBe(0);
    });

    it('counts datagrams in, out, forwarded and dropped by reason, on /health and /metrics', async () => {
      const res = await fetch(`${base()}/rooms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [ROOM_SECRET_HEADER]: SECRET },
        body: JSON.stringify({ kind: 'rehearsal' }),
      });
      const room = CreatedRoomSchema.parse(await res.json()).id;
      const [a, b, c, stranger] = await Promise.all([peer(), peer(), peer(), peer()]);
      for (const [p, slot] of [
        [a, 0],
        [b, 1],
        [c, 2],
      ] as const)
        await p.join(room, slot, ticket(room, slot));
      // 3 joins of 2 datagrams each, answered by a challenge then `joined`.
      const audio = (seq: number, key?: string | null): TestAudio => ({
        t: 'audio',
        room,
        player: 0,
        seq,
        frame: 'AAAA',
        ...(key !== undefined && { key }),
      });
      for (let seq = 0; seq < 5; seq++) a.send(audio(seq));
      a.send(audio(5, null));
      a.send(audio(6, 'AAAAAAAAAAA'));
      stranger.send(audio(7));
      stranger.sendRaw(Buffer.alloc(ROOM_MAX_DATAGRAM_BYTES + 1, 0xa1));
      stranger.sendRaw('{"t":"nope"}');
      await expect.poll(() => [b, c].map((p) => p.received.filter((d) => d.t === 'audio').length)).toEqual([5, 5]);
      await expect.poll(() => stranger.received.length).toBe(1);
      const expected = {
        datagramsIn: 6 + 5 + 2 + 1 + 2,
        // 6 answers to the joins, each forwarded packet to the two others, one refusal to the stranger.
        datagramsOut: 6 + 10 + 1,
        audio: 5,
        control: 6,
        malformed: 1,
        dropped: { malformed: 1, oversize: 1, unbound: 1, badKey: 2 },
      };
      await expect
        .poll(async () => RoomHealthSchema.parse(await (await fetch(`${base()}/health`)).json()).load)
        .toMatchObject(expected);
      const metrics = await fetch(`${base()}/metrics`);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await metrics.text();
      for (const line of [
        `tutti_room_datagrams_in_total ${expected.datagramsIn}`,
        `tutti_room_datagrams_out_total ${expected.datagramsOut}`,
        'tutti_room_datagrams_accepted_total{kind="audio"} 5',
        'tutti_room_datagrams_accepted_total{kind="control"} 6',
        'tutti_room_datagrams_dropped_total{reason="malformed"} 1',
        'tutti_room_datagrams_dropped_total{reason="oversize"} 1',
        'tutti_room_datagrams_dropped_total{reason="unbound"} 1',
        'tutti_room_datagrams_dropped_total{reason="badKey"} 2',
        'tutti_room_rooms 1',
        'tutti_room_players 3',
      ]) {
        expect(text.split('\n')).toContain(line);
      }
      expect((await fetch(`${base()}/metrics`, { method: 'POST' })).status).toBe(405);
    });
  });
});
