import type { Selfcheck } from '@tutti/contract/nals';
import { SESSION_KEEPALIVE_TIMEOUT_MS } from '@tutti/contract/sessions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UdpPeer, type TestAudio } from '../../room/test/helpers.ts';
import { startRoomServer, type RoomServer } from '../../room/src/server.ts';
import { verifyRoomTicket } from '../../room/src/ticket.ts';
import { SESSION_SWEEP_JOB } from '../src/modules/sessions/sessions.jobs.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { roomOf } from './support/fake-room.ts';
import {
  createOpenRehearsal,
  joined,
  keepalive,
  quitOpen,
  signedInAgain,
  subscribe,
  type ErrorJson,
} from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const SECRET = 'room-admission-test-secret';

/**
 * The API's tickets against the REAL room server (apps/room) on the same clock: what a join answers is admitted,
 * and every path by which the API drops a player (quit, free minutes used up, the sweep) makes the room refuse that
 * player's ticket from then on.
 */
describe.each(databases())('room admission by API tickets on $name', (database) => {
  let room: RoomServer;
  let t: TestApp;
  const peers: UdpPeer[] = [];
  const peer = async () => {
    const p = await UdpPeer.open(room.udpPort);
    peers.push(p);
    return p;
  };
  const audio = (roomId: string, player: number): TestAudio => ({
    t: 'audio',
    room: roomId,
    player,
    seq: 1,
    frame: 'AAAA',
  });
  const heard = (p: UdpPeer) => p.received.filter((d) => d.t === 'audio');
  /** A musician with free minutes, and an organizer who is subscribed (never runs out), both in one session. */
  const rehearsal = async () => {
    const [organizer, musician] = [await createUser(t), await createUser(t)];
    await subscribe(t, organizer, new Date(t.clock.now().getTime() + 30 * 86_400_000));
    const s = await createOpenRehearsal(t, organizer);
    const o = await joined(t, organizer, s.id);
    const m = await joined(t, musician, s.id);
    const [oPeer, mPeer] = await Promise.all([peer(), peer()]);
    const roomId = roomOf(o.room.charge);
    expect(await oPeer.join(roomId, o.slot, o.room.charge)).toMatchObject({ t: 'joined' });
    expect(await mPeer.join(roomId, m.slot, m.room.charge)).toMatchObject({ t: 'joined' });
    return { s, organizer, musician, o, m, oPeer, mPeer, roomId };
  };
  /** After the API dropped the musician: the room refuses their ticket and sends them nothing more. */
  const expectShutOut = async (r: Awaited<ReturnType<typeof rehearsal>>) => {
    await expect.poll(() => room.registry.get(r.roomId)?.players().length).toBe(1);
    expect(await r.mPeer.join(r.roomId, r.m.slot, r.m.room.charge)).toMatchObject({
      t: 'refused',
      reason: 'TICKET_REVOKED',
    });
    const fresh = await peer();
    expect(await fresh.join(r.roomId, r.m.slot, r.m.room.charge)).toMatchObject({ reason: 'TICKET_REVOKED' });
    r.oPeer.send(audio(r.roomId, r.o.slot));
    expect(await r.mPeer.silentFor(150)).toBe(true);
    expect(heard(r.mPeer)).toEqual([]);
  };

  beforeAll(async () => {
    await database.setup();
    // The room server reads the API's clock, so tickets and the tests' moved time agree.
    room = await startRoomServer({
      udpPort: 0,
      httpPort: 0,
      bindHost: '127.0.0.1',
      publicHost: '127.0.0.1',
      secret: SECRET,
      now: () => (t ? t.clock.now().getTime() : Date.now()),
      sweepIntervalMs: 0,
    });
    t = await startTestApp(database, {
      ROOM_SERVER_URL: `http://127.0.0.1:${room.httpPort}`,
      ROOM_SECRET: SECRET,
      FREE_MINUTES_PER_MONTH: '1',
      SESSION_SWEEP_INTERVAL_MS: String(24 * 3600_000),
    });
    // Minutes are per calendar month: keep the minute this suite uses away from a month's end.
    const monthDay = t.clock.now().getUTCDate();
    if (monthDay > 25) t.clock.advance((33 - monthDay) * 86_400_000);
  });
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await t?.close();
    await room?.close();
    await database.teardown();
  });

  it('answers each join with a ticket for that room, slot and account, which the room admits', async () => {
    const r = await rehearsal();
    const check = verifyRoomTicket(SECRET, r.m.room.charge, {
      room: r.roomId,
      slot: r.m.slot,
      now: t.clock.now().getTime(),
    });
    expect(check).toMatchObject({ ok: true, claims: { account: r.musician.id, slot: r.m.slot } });
    expect(verifyRoomTicket('another-secret-entirely', r.m.room.charge, { room: r.roomId, slot: 1, now: 0 }).ok).toBe(
      false,
    );
    r.mPeer.send(audio(r.roomId, r.m.slot));
    await expect.poll(() => heard(r.oPeer).length).toBe(1);
  });

  it('a musician who quit cannot come back with the old ticket', async () => {
    const r = await rehearsal();
    expect((await quitOpen(t, r.musician, r.s.id)).status).toBe(204);
    await expectShutOut(r);
  });

  it('a musician whose free minutes ran out cannot come back with the old ticket', async () => {
    const r = await rehearsal();
    t.clock.advance(61_000);
    const out = await keepalive(t, await signedInAgain(t, r.musician), r.s.id);
    expect(out.status).toBe(402);
    expect((out.json as unknown as ErrorJson).error.code).toBe('NO_MINUTES_LEFT');
    await expectShutOut(r);
  });

  it('a musician the sweep dropped for silence cannot come back with the old ticket', async () => {
    const r = await rehearsal();
    t.clock.advance(SESSION_KEEPALIVE_TIMEOUT_MS / 2);
    const organizer = await signedInAgain(t, r.organizer);
    expect((await keepalive(t, organizer, r.s.id)).status).toBe(200);
    t.clock.advance(SESSION_KEEPALIVE_TIMEOUT_MS / 2 + 1000);
    await t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
    await expectShutOut(r);
  });

  it('the self-check’s echo room admits the ticket of its start, bound to the account', async () => {
    const user: SignedInUser = await createUser(t);
    const res = await call<Selfcheck>(t, 'POST', 'v1/selfcheck/start', { token: user.accessToken });
    expect(res.status).toBe(201);
    const roomId = roomOf(res.json.charge);
    const check = verifyRoomTicket(SECRET, res.json.charge, {
      room: roomId,
      slot: res.json.player,
      now: t.clock.now().getTime(),
    });
    expect(check).toMatchObject({ ok: true, claims: { account: user.id } });
    const p = await peer();
    expect(await p.join(roomId, res.json.player, res.json.charge)).toMatchObject({ t: 'joined' });
    expect(await p.request(audio(roomId, res.json.player), (d) => d.t === 'audio')).toMatchObject({ t: 'audio' });
  });
});
