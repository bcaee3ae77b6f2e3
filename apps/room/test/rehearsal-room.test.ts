import { describe, expect, it } from 'vitest';
import { CreatedRoomSchema, RoomHealthSchema, ROOM_SECRET_HEADER } from '@tutti/contract/room';
import { heardAs, roomServerForEachTest, SECRET, type TestAudio, type UdpPeer } from './helpers.ts';

describe('rehearsal rooms', () => {
  const fixture = roomServerForEachTest('127.0.0.1', 5_000_000);
  const { base, peer, ticket } = fixture;
  const createRoom = async (body: object) => {
    const res = await fetch(`${base()}/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ROOM_SECRET_HEADER]: SECRET },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const createRehearsal = async (capacity?: number) => {
    const res = await createRoom({ kind: 'rehearsal', ...(capacity !== undefined && { capacity }) });
    expect(res.status).toBe(201);
    return CreatedRoomSchema.parse(res.json);
  };
  const join = async (p: UdpPeer, room: string, player: number, account?: string) =>
    p.join(room, player, ticket(room, player, account === undefined ? {} : { account }));
  const audio = (room: string, player: number, seq: number): TestAudio => ({
    t: 'audio',
    room,
    player,
    seq,
    frame: Buffer.from([player, seq, 7, 9]).toString('base64'),
  });

  it('forwards each player’s packets to the other players of the room only, never back nor to another room', async () => {
    const room = await createRehearsal();
    const other = await createRehearsal();
    const [a, b, c, outsider] = await Promise.all([peer(), peer(), peer(), peer()]);
    expect(await join(a, room.id, 0)).toEqual({ t: 'joined', room: room.id, player: 0, key: expect.any(String) });
    expect(await join(b, room.id, 1)).toEqual({ t: 'joined', room: room.id, player: 1, key: expect.any(String) });
    expect(await join(c, room.id, 5)).toEqual({ t: 'joined', room: room.id, player: 5, key: expect.any(String) });
    expect(await join(outsider, other.id, 0)).toMatchObject({ t: 'joined' });

    const fromA = audio(room.id, 0, 1);
    const atB = b.next((d) => d.t === 'audio');
    const atC = c.next((d) => d.t === 'audio');
    a.send(fromA);
    expect(await atB).toEqual(heardAs(fromA));
    expect(await atC).toEqual(heardAs(fromA));

    const fromB = audio(room.id, 1, 2);
    const atA = a.next((d) => d.t === 'audio');
    b.send(fromB);
    expect(await atA).toEqual(heardAs(fromB));
    // The player in the other room sends too: nobody in the first room hears it.
    outsider.send(audio(other.id, 0, 3));

    const heard = (p: UdpPeer) => p.received.filter((d) => d.t === 'audio');
    await expect.poll(() => heard(c).length).toBe(2);
    expect(await outsider.silentFor(150)).toBe(true);
    expect(heard(outsider)).toEqual([]);
    expect(heard(a)).toEqual([heardAs(fromB)]);
    expect(heard(b)).toEqual([heardAs(fromA)]);
    expect(heard(c)).toEqual([heardAs(fromA), heardAs(fromB)]);
    // The room stamps the slot bound to the sender's address, whatever slot the datagram names.
    const atCAgain = c.next((d) => d.t === 'audio' && d.seq === 9);
    b.send(audio(room.id, 7, 9));
    expect(await atCAgain).toEqual({ ...heardAs(audio(room.id, 7, 9)), player: 1 });
  });

  it('refuses a taken slot and a join beyond its capacity, and reports counts per kind', async () => {
    const room = await createRehearsal(2);
    const [a, b, c] = await Promise.all([peer(), peer(), peer()]);
    await join(a, room.id, 0);
    // Another musician's ticket for a held slot, no newer than the holder's, does not take it.
    expect(await join(b, room.id, 0, 'acct-other')).toEqual({ t: 'refused', room: room.id, reason: 'SLOT_TAKEN' });
    expect(await join(b, room.id, 1)).toMatchObject({ t: 'joined', player: 1 });
    expect(await join(c, room.id, 2)).toEqual({ t: 'refused', room: room.id, reason: 'ROOM_FULL' });
    // A player cannot take a second slot from the same address.
    await a.joinSilently(room.id, 3, ticket(room.id, 3));
    expect(a.received.filter((d) => d.t === 'joined').map((d) => d.player)).toEqual([0]);
    // A player who cannot get in is not heard either.
    expect(await c.request(audio(room.id, 2, 0))).toMatchObject({ t: 'refused', reason: 'NOT_JOINED' });

    await createRoom({ kind: 'echo' });
    const health = RoomHealthSchema.parse(await (await fetch(`${base()}/health`)).json());
    expect(health).toMatchObject({
      rooms: 2,
      players: 2,
      byKind: { rehearsal: { rooms: 1, players: 2 }, echo: { rooms: 1, players: 0 } },
    });
  });

  it('takes eight players by default, and refuses a capacity out of range', async () => {
    const room = await createRehearsal();
    const players = await Promise.all(Array.from({ length: 9 }, () => peer()));
    for (const [slot, p] of players.slice(0, 8).entries()) {
      expect(await join(p, room.id, slot)).toMatchObject({ t: 'joined', player: slot });
    }
    expect(await join(players[8] as UdpPeer, room.id, 8)).toMatchObject({ reason: 'ROOM_FULL' });

    for (const capacity of [0, 17, 2.5, '4']) {
      const res = await createRoom({ kind: 'rehearsal', capacity });
      expect(res.status, String(capacity)).toBe(400);
      expect(res.json).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { capacity: expect.any(String) } },
      });
    }
  });

  it('drops a silent player, frees the slot, and stops forwarding to them', async () => {
    const room = await createRehearsal();
    const [a, b, late] = await Promise.all([peer(), peer(), peer()]);
    await join(a, room.id, 0);
    await join(b, room.id, 1);

    fixture.clock += 8_000;
    await a.request({ t: 'ping', id: 1, sentAt: 0 });
    fixture.clock += 3_000;
    expect(fixture.server.sweep().droppedPlayers).toEqual([{ room: room.id, slot: 1 }]);
    expect(
      fixture.server.registry
        .get(room.id)
        ?.players()
        .map((p) => p.slot),
    ).toEqual([0]);

    a.send(audio(room.id, 0, 1));
    expect(await b.silentFor(150)).toBe(true);
    expect(await b.request(audio(room.id, 1, 2))).toMatchObject({ t: 'refused', reason: 'NOT_JOINED' });
    // The freed slot can be taken by someone else.
    expect(await join(late, room.id, 1)).toMatchObject({ t: 'joined', player: 1 });
  });

  it('drops a player on the API’s request: the others stop hearing them and their next packet is refused', async () => {
    const room = await createRehearsal();
    const [a, b] = await Promise.all([peer(), peer()]);
    await join(a, room.id, 0);
    await join(b, room.id, 1);
    const drop = (slot: number, id = room.id, secret = SECRET) =>
      fetch(`${base()}/rooms/${id}/players/${slot}`, { method: 'DELETE', headers: { [ROOM_SECRET_HEADER]: secret } });
    expect((await drop(0, room.id, 'wrong-secret-000000')).status).toBe(401);
    expect((await drop(0)).status).toBe(204);
    // Idempotent: the slot stays revoked.
    expect((await drop(0)).status).toBe(204);
    expect((await drop(0, 'unknown')).status).toBe(404);
    const refused = a.next((d) => d.t === 'refused');
    a.send(audio(room.id, 0, 1));
    expect(await refused).toMatchObject({ t: 'refused', reason: 'NOT_JOINED' });
    b.send(audio(room.id, 1, 2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.received.filter((d) => d.t === 'audio')).toHaveLength(0);
  });
});
