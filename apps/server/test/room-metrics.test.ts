import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roomMetrics } from '../src/platform/schema.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import {
  createOpenRehearsal,
  joined,
  quitOpen,
  UNKNOWN_ID,
  sessionsSuite,
  type ErrorJson,
} from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const REPORT = { minPingInMs: 12.5, maxPingInMs: 40, averagePingInMs: 20.25, sigmaPingInMs: 4.5 };

describe.each(databases())('room metrics on $name', (database) => {
  const {
    h,
    users: [ann, bob],
  } = sessionsSuite(database, [createUser, createUser]);
  const post = (user: SignedInUser, roomId: string, body: unknown) =>
    call<ErrorJson>(h.t, 'POST', `v1/rooms/${roomId}/metrics`, { token: user.accessToken, body });
  const stored = (roomId: string) =>
    h.t.app.tutti.database.db.select().from(roomMetrics).where(eq(roomMetrics.roomId, roomId));

  it('records a report from a player of the room', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const { room } = await joined(h.t, ann, s.id);
    const res = await post(ann, room.id, REPORT);
    expect(res.status, res.text).toBe(204);
    expect(await stored(room.id)).toEqual([
      expect.objectContaining({
        accountId: ann.id,
        minPingMs: 12.5,
        maxPingMs: 40,
        averagePingMs: 20.25,
        sigmaPingMs: 4.5,
      }),
    ]);
  });

  it('refuses a musician who is not in that room (409 NOT_IN_SESSION), and an unknown room (404)', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const { room } = await joined(h.t, ann, s.id);
    const stranger = await post(bob, room.id, REPORT);
    expect(stranger.status).toBe(409);
    expect(stranger.json.error.code).toBe('NOT_IN_SESSION');
    expect((await post(ann, UNKNOWN_ID, REPORT)).status).toBe(404);
    await quitOpen(h.t, ann, s.id);
    expect((await post(ann, room.id, REPORT)).status).toBe(409);
    expect(await stored(room.id)).toEqual([]);
  });

  it.each([
    [{ ...REPORT, minPingInMs: -1 }, 'minPingInMs'],
    [{ ...REPORT, averagePingInMs: 50 }, 'averagePingInMs'],
    [{ minPingInMs: 1, maxPingInMs: 2, averagePingInMs: 1.5 }, 'sigmaPingInMs'],
    [{ ...REPORT, maxPingInMs: 'slow' }, 'maxPingInMs'],
  ])('refuses %j (400 on %s)', async (body, field) => {
    const s = await createOpenRehearsal(h.t, ann);
    const { room } = await joined(h.t, ann, s.id);
    const res = await post(ann, room.id, body);
    expect(res.status).toBe(400);
    expect(res.json.error.fields?.[field]).toBeDefined();
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await call<ErrorJson>(h.t, 'POST', `v1/rooms/${UNKNOWN_ID}/metrics`, {
      token: ann.accessToken,
      rawBody: '{"min',
    });
    expect(res.status).toBe(400);
  });
});
