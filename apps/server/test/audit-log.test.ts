import type { AuditPage } from '@tutti/contract/audit';
import { describe, expect, it } from 'vitest';
import { record } from '../src/platform/audit/audit.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { newAdmin, sessionsSuite, type ErrorJson } from './support/sessions.ts';
import { createUser } from './support/users.ts';

describe.each(databases())('audit log on $name', (database) => {
  const {
    h,
    users: [admin, ann, bob],
  } = sessionsSuite(database, [newAdmin, createUser, createUser]);

  const read = (query = '', token = admin.accessToken) =>
    call<AuditPage & ErrorJson>(h.t, 'GET', `v1/audit-log${query}`, { token });

  it('records an entry with the action it belongs to, and none when the action rolls back', async () => {
    const db = h.t.app.tutti.database.db;
    const before = (await read()).json.total;
    await db.transaction(async (tx) => {
      await record(tx, {
        actorId: admin.id,
        action: 'account.verified',
        targetId: ann.id,
        details: { state: true },
        at: h.t.clock.now(),
      });
    });
    await expect(
      db.transaction(async (tx) => {
        await record(tx, { actorId: admin.id, action: 'account.verified', targetId: bob.id, at: h.t.clock.now() });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const page = await read();
    expect(page.status, page.text).toBe(200);
    expect(page.json.total).toBe(before + 1);
    expect(page.json.items[0]).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      action: 'account.verified',
      target: { id: ann.id, username: ann.username },
      details: { state: true },
    });
  });

  it('pages the most recent first and filters by the account acted on', async () => {
    const db = h.t.app.tutti.database.db;
    for (let i = 0; i < 3; i++) {
      h.t.clock.advance(1000);
      await record(db, {
        actorId: admin.id,
        action: 'account.valid',
        targetId: bob.id,
        details: { state: i % 2 === 0 },
        at: h.t.clock.now(),
      });
    }
    const bobs = await read(`?account=${bob.id}&size=2`);
    expect(bobs.json).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(bobs.json.items.map((e) => e.details)).toEqual([{ state: true }, { state: false }]);
    const second = await read(`?account=${bob.id}&size=2&p=2`);
    expect(second.json.items.map((e) => e.details)).toEqual([{ state: true }]);
    expect((await read('?account=not-an-id')).status).toBe(400);
  });

  it('is for administrators only: 403 to a musician, 401 to a guest', async () => {
    const refused = await read('', ann.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    expect((await call(h.t, 'GET', 'v1/audit-log')).status).toBe(401);
  });
});
