import { describe, expect, it } from 'vitest';
import { CreatedRoomSchema, ROOM_SECRET_HEADER, ROOM_TICKET_TTL_MS, type RoomRefused } from '@tutti/contract/room';
import { heardAs, roomServerForEachTest, SECRET, type TestAudio, type UdpPeer } from './helpers.ts';

/** The attacks of issue 10, point 2, against the real room server: admission by ticket, revocation when the API drops
 *  a slot, one slot per ticket, and return-routability before anything is sent to an address. */
describe('room admission', () => {
  const fixture = roomServerForEachTest('127.0.0.1', 7_000_000);
  const { base, peer, ticket } = fixture;
  const createRehearsal = async () => {
    const res = await fetch(`${base()}/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ROOM_SECRET_HEADER]: SECRET },
      body: JSON.stringify({ kind: 'rehearsal' }),
    });
    return CreatedRoomSchema.parse(await res.json()).id;
  };
  /** What the API does when a player leaves: DELETE the slot, naming the account and its leave time. */
  const drop = (room: string, slot: number, account: string, through: number) =>
    fetch(`${base()}/rooms/${room}/players/${slot}?account=${account}&through=${through}`, {
      method: 'DELETE',
      headers: { [ROOM_SECRET_HEADER]: SECRET },
    });
  const audio = (room: string, player: number, seq: number): TestAudio => ({
    t: 'audio',
    room,
    player,
    seq,
    frame: Buffer.from([player, seq, 1, 2, 3, 4]).toString('base64'),
  });
  const heard = (p: UdpPeer) => p.received.filter((d) => d.t === 'audio');
  const slots = (room: string) =>
    fixture.server.registry
      .get(room)
      ?.players()
      .map((p) => p.slot);
  const refused = (reason: RoomRefused['reason']) => ({ t: 'refused', reason });

  it('refuses a join without a ticket, with a forged, tampered or expired one, or one for another slot or room', async () => {
    const room = await createRehearsal();
    const other = await createRehearsal();
    const p = await peer();
    const good = ticket(room, 2);
    const tampered = good.replace('.2.acct-2.', '.2.acct-3.');
    expect(tampered).not.toBe(good);
    const cases: [string | undefined, RoomRefused['reason']][] = [
      [undefined, 'BAD_TICKET'],
      ['', 'BAD_TICKET'],
      [room, 'BAD_TICKET'],
      [ticket(room, 2, { secret: 'not-the-room-secret-0000' }), 'BAD_TICKET'],
      [tampered, 'BAD_TICKET'],
      [`${good}x`, 'BAD_TICKET'],
      [ticket(room, 3), 'BAD_TICKET'],
      [ticket(other, 2), 'BAD_TICKET'],
      // Longer-lived than the contract allows: the API never signs one, so it is not trusted either.
      [ticket(room, 2, { expiresAt: fixture.clock + ROOM_TICKET_TTL_MS + 60_000 }), 'BAD_TICKET'],
      [ticket(room, 2, { issuedAt: fixture.clock - 60_000, expiresAt: fixture.clock }), 'TICKET_EXPIRED'],
    ];
    for (const [charge, reason] of cases) {
      expect(await p.join(room, 2, charge), String(charge)).toMatchObject(refused(reason));
    }
    expect(slots(room)).toEqual([]);
    expect(await p.join(room, 2, good)).toEqual({ t: 'joined', room, player: 2, key: expect.any(String) });
  });

  it('forgets a player the API dropped: the old ticket is refused, nothing more is sent to them', async () => {
    const room = await createRehearsal();
    const [quitter, stayer] = await Promise.all([peer(), peer()]);
    const old = ticket(room, 0, { account: 'acct-q' });
    expect(await quitter.join(room, 0, old)).toMatchObject({ t: 'joined' });
    expect(await stayer.join(room, 1, ticket(room, 1))).toMatchObject({ t: 'joined' });

    fixture.clock += 5_000;
    expect((await drop(room, 0, 'acct-q', fixture.clock)).status).toBe(204);
    expect(slots(room)).toEqual([1]);
    stayer.send(audio(room, 1, 1));
    expect(await quitter.silentFor(150)).toBe(true);
    expect(heard(quitter)).toEqual([]);
    // Rejoining with the same ticket, from the same socket or another one, long before it expires: refused.
    expect(await quitter.join(room, 0, old)).toMatchObject(refused('TICKET_REVOKED'));
    const elsewhere = await peer();
    expect(await elsewhere.join(room, 0, old)).toMatchObject(refused('TICKET_REVOKED'));
    expect(await quitter.request(audio(room, 0, 2))).toMatchObject(refused('NOT_JOINED'));
    stayer.send(audio(room, 1, 3));
    expect(await quitter.silentFor(150)).toBe(true);
    expect(heard(quitter)).toEqual([]);
    expect(heard(stayer)).toEqual([]);

    // Back through the API (it gave them a slot again): a ticket issued after the drop lets them in.
    fixture.clock += 1_000;
    expect(await quitter.join(room, 0, ticket(room, 0, { account: 'acct-q' }))).toMatchObject({ t: 'joined' });
  });

  it('refuses the ticket of a slot the API dropped before the audio client ever used it', async () => {
    const room = await createRehearsal();
    const unused = ticket(room, 4, { account: 'acct-late' });
    fixture.clock += 1_000;
    expect((await drop(room, 4, 'acct-late', fixture.clock)).status).toBe(204);
    expect(await (await peer()).join(room, 4, unused)).toMatchObject(refused('TICKET_REVOKED'));
  });

  it('gives a slot the API reassigned to the newer ticket, and a late drop of the previous holder spares it', async () => {
    const room = await createRehearsal();
    const [previous, next] = await Promise.all([peer(), peer()]);
    const oldTicket = ticket(room, 0, { account: 'acct-a' });
    await previous.join(room, 0, oldTicket);
    fixture.clock += 2_000;
    // The API dropped A and gave slot 0 to B, but its DELETE has not arrived yet.
    expect(await next.join(room, 0, ticket(room, 0, { account: 'acct-b' }))).toMatchObject({ t: 'joined' });
    expect(await previous.join(room, 0, oldTicket)).toMatchObject(refused('SLOT_TAKEN'));
    expect((await drop(room, 0, 'acct-a', fixture.clock - 1_000)).status).toBe(204);
    expect(fixture.server.registry.get(room)?.players()).toMatchObject([{ slot: 0, account: 'acct-b' }]);
  });

  it('lets one socket hold one slot: no slot without its own ticket, and not a second one with another', async () => {
    const room = await createRehearsal();
    const squatter = await peer();
    expect(await squatter.join(room, 0, ticket(room, 0))).toMatchObject({ t: 'joined' });
    for (let slot = 1; slot < 8; slot++) await squatter.joinSilently(room, slot);
    // Even a valid ticket for another slot (another account's), cookie and all, gives the same socket no second slot.
    await squatter.joinSilently(room, 1, ticket(room, 1));
    expect(squatter.received.filter((d) => d.t === 'joined').map((d) => d.player)).toEqual([0]);
    expect(slots(room)).toEqual([0]);
    const musician = await peer();
    expect(await musician.join(room, 1, ticket(room, 1))).toMatchObject({ t: 'joined', player: 1 });
  });

  it('ignores audio and leaves sent from another address in a player’s name', async () => {
    const room = await createRehearsal();
    const [victim, listener, spoofer] = await Promise.all([peer(), peer(), peer()]);
    await victim.join(room, 0, ticket(room, 0));
    await listener.join(room, 1, ticket(room, 1));

    expect(await spoofer.request(audio(room, 0, 1))).toMatchObject(refused('NOT_JOINED'));
    spoofer.send({ t: 'leave', room, player: 0 });
    spoofer.send({ t: 'leave', room, player: 1 });
    expect(await listener.silentFor(150)).toBe(true);
    expect(heard(listener)).toEqual([]);
    expect(slots(room)).toEqual([0, 1]);
    // The victim is still heard, and hears.
    victim.send(audio(room, 0, 2));
    await expect.poll(() => heard(listener).length).toBe(1);
    listener.send(audio(room, 1, 3));
    await expect.poll(() => heard(victim).length).toBe(1);
  });

  it('ignores, without answering, audio and leaves from a player’s own address that lack its binding key', async () => {
    const room = await createRehearsal();
    const [victim, listener] = await Promise.all([peer(), peer()]);
    await victim.join(room, 0, ticket(room, 0));
    await listener.join(room, 1, ticket(room, 1));
    // What someone forging the victim's exact address could send: everything but the key, which went to that
    // address only. (The test sends from the victim's socket itself, as a forged source would appear.)
    for (const key of [null, 'guessed-key', 'AAAAAAAAAAA']) {
      victim.send({ ...audio(room, 0, 1), key });
      victim.send({ t: 'leave', room, player: 0, key });
    }
    // Nor does a failing join draw a refusal there (the audio client would take it as the end of its link).
    victim.send({ t: 'join', room, player: 0, charge: 'forged' });
    victim.send({ t: 'join', room, player: 3, charge: ticket(room, 3) });
    await new Promise((r) => setTimeout(r, 150));
    // Only the challenge of the valid ticket came back, harmless to a connected client.
    expect(victim.received.map((d) => d.t)).toEqual(['challenge', 'joined', 'challenge']);
    expect(heard(listener)).toEqual([]);
    expect(slots(room)).toEqual([0, 1]);
    // With the key (the real client), it is forwarded, without the key.
    victim.send(audio(room, 0, 2));
    await expect.poll(() => heard(listener).length).toBe(1);
    expect(heard(listener)[0]).toEqual(heardAs(audio(room, 0, 2)));
    victim.send({ t: 'leave', room, player: 0 });
    await expect.poll(() => slots(room)).toEqual([1]);
  });

  it('admits an address only with the cookie sent there, forwards nothing before, and never answers bigger', async () => {
    const room = await createRehearsal();
    const [player, claimed, attacker] = await Promise.all([peer(), peer(), peer()]);
    await player.join(room, 0, ticket(room, 0));
    const stolen = ticket(room, 1);
    // `claimed` stands for the forged source: the challenge goes there, the attacker never reads it.
    const challenge = await claimed.request({ t: 'join', room, player: 1, charge: stolen });
    expect(challenge).toMatchObject({ t: 'challenge', room, player: 1, cookie: expect.any(String) });
    const cookie = challenge.t === 'challenge' ? challenge.cookie : '';
    // The cookie is bound to the address it was sent to: from elsewhere it only earns a new challenge.
    expect(await attacker.request({ t: 'join', room, player: 1, charge: stolen, cookie })).toMatchObject({
      t: 'challenge',
    });
    for (const forged of ['0.AAAAAAAAAAAAAAAAAAAAAA', `${cookie}x`, 'nope']) {
      expect(await attacker.request({ t: 'join', room, player: 1, charge: stolen, cookie: forged })).toMatchObject({
        t: 'challenge',
      });
    }
    expect(slots(room)).toEqual([0]);
    player.send(audio(room, 0, 1));
    expect(await claimed.silentFor(150)).toBe(true);
    expect(heard(claimed)).toEqual([]);
    expect(heard(attacker)).toEqual([]);

    // A flood of every kind of datagram from an unproven address: the server sends back at most what it got.
    const before = { out: claimed.bytesOut, in: claimed.bytesIn };
    const flood: object[] = [
      { t: 'join', room, player: 1, charge: stolen },
      { t: 'join', room, player: 1 },
      { t: 'join', room: 'x', player: 1 },
      { t: 'join', room, player: 1, charge: stolen, cookie: 'zz.zz' },
      { t: 'audio', room, player: 1, seq: 0, frame: '' },
      { t: 'audio', room: 'x', player: 1, seq: 0, frame: '' },
      { t: 'leave', room, player: 1 },
      { t: 'ping', id: 1, sentAt: 1 },
    ];
    for (let round = 0; round < 50; round++) {
      for (const d of flood) claimed.send(d);
      // The room plays on meanwhile: none of it may reach the unproven address.
      player.send(audio(room, 0, round));
    }
    await claimed.silentFor(200);
    const sent = claimed.bytesOut - before.out;
    const answered = claimed.bytesIn - before.in;
    expect(answered).toBeGreaterThan(0);
    expect(answered / sent).toBeLessThanOrEqual(1);
    expect(heard(claimed)).toEqual([]);
  });

  it('happy path: two tickets, two players, audio both ways; a restarted audio client rebinds its slot', async () => {
    const room = await createRehearsal();
    const [a, b] = await Promise.all([peer(), peer()]);
    const aTicket = ticket(room, 0);
    expect(await a.join(room, 0, aTicket)).toEqual({ t: 'joined', room, player: 0, key: expect.any(String) });
    expect(await b.join(room, 1, ticket(room, 1))).toEqual({ t: 'joined', room, player: 1, key: expect.any(String) });
    a.send(audio(room, 0, 1));
    b.send(audio(room, 1, 1));
    await expect.poll(() => [heard(a).length, heard(b).length]).toEqual([1, 1]);

    // A's audio client restarts on a new port with the same ticket, then again with a fresh one from the API.
    const restarted = await peer();
    expect(await restarted.join(room, 0, aTicket)).toEqual({ t: 'joined', room, player: 0, key: expect.any(String) });
    b.send(audio(room, 1, 2));
    await expect.poll(() => heard(restarted).length).toBe(1);
    expect(await a.silentFor(100)).toBe(true);
    expect(heard(a)).toHaveLength(1);
    fixture.clock += 1_000;
    const again = await peer();
    expect(await again.join(room, 0, ticket(room, 0))).toEqual({
      t: 'joined',
      room,
      player: 0,
      key: expect.any(String),
    });
    again.send(audio(room, 0, 3));
    await expect.poll(() => heard(b).length).toBe(2);
    expect(slots(room)).toEqual([1, 0]);
  });
});
