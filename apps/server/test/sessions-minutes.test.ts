import { busTopics } from '@tutti/contract/bus';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionPlayers } from '../src/platform/schema.ts';
import { databases } from './support/databases.ts';
import {
  createOpenRehearsal,
  eventsOn,
  joined,
  joinOpen,
  keepalive,
  signedInAgain,
  subscribe,
  sessionsSuite,
} from './support/sessions.ts';
import { createUser } from './support/users.ts';

describe.each(databases())('free minutes on $name', (database) => {
  const { h } = sessionsSuite(database, []);

  it('counts open-rehearsal time at keepalive, and drops the player with 402 when the minutes run out', async () => {
    // Minutes are per calendar month: start at the beginning of a day far from a month's end.
    const now = h.t.clock.now();
    const monthDay = now.getUTCDate();
    if (monthDay > 25) h.t.clock.advance((33 - monthDay) * 86_400_000);
    let ann = await createUser(h.t);
    const bob = await createUser(h.t);
    const s = await createOpenRehearsal(h.t, bob);
    await joined(h.t, bob, s.id);
    await subscribe(h.t, bob, new Date(h.t.clock.now().getTime() + 30 * 86_400_000));
    const start = await joined(h.t, ann, s.id);
    expect(start.remainingMinutes).toBe(120);

    let last: number | null = null;
    for (let minute = 1; minute <= 119; minute++) {
      h.t.clock.advance(60_000);
      if (minute % 14 === 0) ann = await signedInAgain(h.t, ann);
      const res = await keepalive(h.t, ann, s.id);
      expect(res.status, res.text).toBe(200);
      last = res.json.remainingMinutes;
      if (minute % 14 === 0) {
        // bob stays present too (subscribed: no limit).
        const b = await keepalive(h.t, await signedInAgain(h.t, bob), s.id);
        expect(b.json.remainingMinutes).toBeNull();
      }
    }
    expect(last).toBe(1);

    const from = h.events.length;
    h.t.clock.advance(61_000);
    ann = await signedInAgain(h.t, ann);
    const out = await keepalive(h.t, ann, s.id);
    expect(out.status).toBe(402);
    expect(out.json.error.code).toBe('NO_MINUTES_LEFT');
    const rows = await h.t.app.tutti.database.db
      .select()
      .from(sessionPlayers)
      .where(eq(sessionPlayers.accountId, ann.id));
    expect(rows).toEqual([expect.objectContaining({ leaveReason: 'minutes', leftAt: expect.any(Date) })]);
    expect(eventsOn(h, busTopics.session(s.id), from)).toEqual([
      expect.objectContaining({ event: 'left', reason: 'minutes', musician: expect.objectContaining({ id: ann.id }) }),
    ]);

    const again = await joinOpen(h.t, ann, s.id);
    expect(again.status).toBe(402);
    expect(again.json.error.code).toBe('NO_MINUTES_LEFT');
  });

  it('answers null minutes to a subscribed musician, and never stops them', async () => {
    const cat = await createUser(h.t);
    await subscribe(h.t, cat, new Date(h.t.clock.now().getTime() + 86_400_000));
    const s = await createOpenRehearsal(h.t, cat);
    expect((await joined(h.t, cat, s.id)).remainingMinutes).toBeNull();
  });

  it('does not count the minutes played while subscribed: a subscription ending mid-month leaves the whole allowance', async () => {
    const now = h.t.clock.now();
    if (now.getUTCDate() > 25) h.t.clock.advance((33 - now.getUTCDate()) * 86_400_000);
    const eve = await createUser(h.t);
    await subscribe(h.t, eve, new Date(h.t.clock.now().getTime() + 30 * 60_000));
    const s = await createOpenRehearsal(h.t, eve);
    await joined(h.t, eve, s.id);
    // 40 minutes of play: 30 subscribed, then 10 on the free allowance.
    let player = eve;
    for (let minute = 1; minute <= 40; minute++) {
      h.t.clock.advance(60_000);
      if (minute % 14 === 0) player = await signedInAgain(h.t, eve);
      expect((await keepalive(h.t, player, s.id)).status).toBe(200);
    }
    player = await signedInAgain(h.t, eve);
    const left = (await keepalive(h.t, player, s.id)).json.remainingMinutes;
    expect(left).toBeGreaterThanOrEqual(109);
    expect(left).toBeLessThanOrEqual(110);
  });

  it('ignores an expired or canceled subscription', async () => {
    const dan = await createUser(h.t);
    await subscribe(h.t, dan, new Date(h.t.clock.now().getTime() - 1000));
    const s = await createOpenRehearsal(h.t, dan);
    expect((await joined(h.t, dan, s.id)).remainingMinutes).toBe(120);
  });
});

describe.each(databases())('free minutes set to 0 on $name', (database) => {
  const { h } = sessionsSuite(database, [], { FREE_MINUTES_PER_MONTH: '0' });

  it('refuses the join with 402 NO_MINUTES_LEFT', async () => {
    const ann = await createUser(h.t);
    const s = await createOpenRehearsal(h.t, ann);
    const res = await joinOpen(h.t, ann, s.id);
    expect(res.status).toBe(402);
    expect(res.json.error.code).toBe('NO_MINUTES_LEFT');
  });
});
