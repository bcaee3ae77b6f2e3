import type { Session } from '@tutti/contract/sessions';
import type { Server } from '@tutti/contract/servers';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import {
  createOpenRehearsal,
  joined,
  joinOpen,
  newAdmin,
  quitOpen,
  sessionsSuite,
  type SessionsHarness,
} from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const loadOf = async (h: SessionsHarness, admin: SignedInUser): Promise<number | undefined> =>
  (await call<Server[]>(h.t, 'GET', 'v1/servers', { token: admin.accessToken })).json.find((s) => s.url === h.rooms.url)
    ?.load;

describe.each(databases())('room slots taken as players join on $name', (database) => {
  describe('the default 64-slot server', () => {
    const {
      h,
      users: [admin],
    } = sessionsSuite(database, [newAdmin]);

    it('lets 9 free accounts each open and join a session: a session takes a slot per player, not 8', async () => {
      const musicians = await Promise.all(Array.from({ length: 9 }, () => createUser(h.t)));
      const sessions: Session[] = [];
      for (const m of musicians) sessions.push(await createOpenRehearsal(h.t, m));
      // Creating takes nothing.
      expect(await loadOf(h, admin)).toBe(0);
      for (const [i, m] of musicians.entries()) await joined(h.t, m, sessions[i]?.id ?? '');
      expect(await loadOf(h, admin)).toBe(9);
      // Each room is still made for the session's 8 players.
      expect([...h.rooms.rooms.values()].filter((r) => r.kind === 'rehearsal').every((r) => r.capacity === 8)).toBe(
        true,
      );
    });
  });

  describe('a 3-slot server', () => {
    const {
      h,
      users: [admin, ann, bob, cat, dan, eve],
    } = sessionsSuite(database, [newAdmin, createUser, createUser, createUser, createUser, createUser], {
      ROOM_CAPACITY: '3',
    });

    it('counts each join, answers ROOM_SERVER_UNAVAILABLE when its players fill it, and frees a slot on quit', async () => {
      const s = await createOpenRehearsal(h.t, ann);
      for (const m of [ann, bob, cat]) await joined(h.t, m, s.id);
      expect(await loadOf(h, admin)).toBe(3);

      // The session has room (3 of 8) but its server does not: the existing 503.
      const refused = await joinOpen(h.t, dan, s.id);
      expect(refused.status).toBe(503);
      expect(refused.json.error.code).toBe('ROOM_SERVER_UNAVAILABLE');
      // Nor can a new session open a room there.
      const other = await createOpenRehearsal(h.t, eve);
      const noRoom = await joinOpen(h.t, eve, other.id);
      expect(noRoom.status).toBe(503);
      expect(noRoom.json.error.code).toBe('ROOM_SERVER_UNAVAILABLE');
      expect(await loadOf(h, admin)).toBe(3);

      // A player already present joins again (a reloaded page) without taking a second slot.
      expect((await joinOpen(h.t, bob, s.id)).status).toBe(200);

      expect((await quitOpen(h.t, cat, s.id)).status).toBe(204);
      expect(await loadOf(h, admin)).toBe(2);
      const admitted = await joined(h.t, dan, s.id);
      expect(admitted.session.players).toHaveLength(3);
      expect(await loadOf(h, admin)).toBe(3);
    });
  });
});
