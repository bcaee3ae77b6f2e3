import type { MySessions, SessionPage, SessionPostPage } from '@tutti/contract/sessions';
import { PAGE_SIZE_MAX } from '@tutti/contract/common';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createOpenRehearsal, sessionsSuite, type ErrorJson } from './support/sessions.ts';
import { createUser } from './support/users.ts';

const LISTS = ['v1/sessions', 'v1/sessions/public', 'v1/session-posts'] as const;

describe.each(databases())('paged session lists on $name', (database) => {
  const {
    h,
    users: [ann, bob],
  } = sessionsSuite(database, [createUser, createUser]);

  const get = <T>(url: string) => call<T & ErrorJson>(h.t, 'GET', url, { token: bob.accessToken });

  it('pages every list with p and size: no overlap, the total, and an empty page past the end', async () => {
    for (let i = 0; i < 7; i++) await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
    for (const list of LISTS) {
      const first = await get<SessionPage | SessionPostPage>(`${list}?size=3`);
      expect(first.status, list).toBe(200);
      expect(first.json, list).toMatchObject({ page: 1, size: 3 });
      expect(first.json.items, list).toHaveLength(3);
      const total = first.json.total;
      expect(total, list).toBeGreaterThanOrEqual(7);
      const seen: string[] = [];
      const pages = Math.ceil(total / 3);
      for (let p = 1; p <= pages; p++) {
        const res = await get<SessionPage | SessionPostPage>(`${list}?p=${p}&size=3`);
        expect(res.json.total, list).toBe(total);
        seen.push(...res.json.items.map((item) => item.id));
      }
      expect(new Set(seen).size, list).toBe(total);
      const past = await get<SessionPage>(`${list}?p=${pages + 1}&size=3`);
      expect(past.status, list).toBe(200);
      expect(past.json, list).toMatchObject({ items: [], page: pages + 1, size: 3, total });
    }
  });

  it('answers 20 items by default, at most PAGE_SIZE_MAX, and 400 for a size or page out of bounds', async () => {
    // Enough live sessions for a full default page, however many the other tests made.
    for (let i = 0; i < 21; i++) await createOpenRehearsal(h.t, ann);
    const byDefault = await get<SessionPage>('v1/sessions');
    expect(byDefault.json).toMatchObject({ page: 1, size: 20 });
    expect(byDefault.json.items).toHaveLength(20);
    expect((await get<SessionPage>(`v1/sessions?size=${PAGE_SIZE_MAX}`)).status).toBe(200);
    for (const list of [...LISTS, 'v1/me/sessions']) {
      for (const [query, field] of [
        [`size=${PAGE_SIZE_MAX + 1}`, 'size'],
        ['size=0', 'size'],
        ['size=abc', 'size'],
        ['p=0', 'p'],
        ['p=-1', 'p'],
        ['p=10001', 'p'],
      ] as const) {
        const res = await get(`${list}?${query}`);
        expect(res.status, `${list}?${query}`).toBe(400);
        expect(res.json.error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(res.json.error.fields ?? {}), `${list}?${query}`).toEqual([field]);
      }
    }
  });

  it('pages my organized and invited sessions together', async () => {
    const cat = await createUser(h.t);
    for (let i = 0; i < 3; i++) await createOpenRehearsal(h.t, cat, { invite: [bob.username] });
    const mine = (url: string) => call<MySessions>(h.t, 'GET', url, { token: cat.accessToken });
    const first = await mine('v1/me/sessions?size=2');
    expect(first.json.organized).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(first.json.organized.items).toHaveLength(2);
    expect(first.json.invited).toMatchObject({ items: [], page: 1, size: 2, total: 0 });
    const second = await mine('v1/me/sessions?p=2&size=2');
    expect(second.json.organized.items).toHaveLength(1);
    expect(second.json.remainingMinutes).toBe(120);
  });
});
