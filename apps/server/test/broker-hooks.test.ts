import type { CurrentUser } from '@tutti/contract/accounts';
import { nalsInTopic, nalsOutTopic } from '@tutti/contract/nals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_SECRET_HEADER } from '../src/modules/nals/nals.hooks.ts';
import { expiredToken, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, getMe, type SignedInUser } from './support/users.ts';

const SECRET = 'hook-secret-for-tests';

type Verdict = { result: 'allow' | 'deny'; ok: boolean; is_superuser?: boolean; acl?: unknown[] };

describe.each(databases())('external broker hooks on $name', (database) => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  let annToken: string;
  let bobToken: string;
  const hook = async (path: 'auth' | 'acl', body: unknown, secret: string | null = SECRET, query = '') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/broker/${path}${query}`,
      headers: secret === null ? {} : { [BROKER_SECRET_HEADER]: secret },
      payload: body as Record<string, unknown>,
    });
    return { status: res.statusCode, json: res.json<Verdict>() };
  };
  const acl = async (username: string, topic: string, rule: { action?: string; acc?: number }) =>
    (await hook('acl', { username, topic, clientid: 'c1', ...rule })).json.result;

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, { BROKER_HOOK_SECRET: SECRET });
    ann = await createUser(t);
    bob = await createUser(t);
    annToken = (await getMe(t, ann.accessToken)).nalsToken;
    bobToken = (await getMe(t, bob.accessToken)).nalsToken;
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  describe('POST /api/broker/auth', () => {
    it('allows an audio client by its token, with connection rules EMQX applies directly', async () => {
      const res = await hook('auth', { username: 'nals', password: annToken, clientid: 'nals-1' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ result: 'allow', ok: true, is_superuser: false });
      expect(res.json.acl).toEqual([
        { permission: 'allow', action: 'publish', topic: nalsOutTopic(annToken) },
        { permission: 'allow', action: 'subscribe', topic: nalsInTopic(annToken) },
        { permission: 'deny', action: 'all', topic: '#' },
      ]);
    });

    it('allows a browser by its account id and access token, bound to its own token', async () => {
      const res = await hook('auth', { username: ann.id, password: ann.accessToken, clientid: 'web-1' });
      expect(res.json).toMatchObject({ result: 'allow', ok: true });
      expect(res.json.acl?.slice(0, 2)).toEqual([
        { permission: 'allow', action: 'publish', topic: nalsInTopic(annToken) },
        { permission: 'allow', action: 'subscribe', topic: nalsOutTopic(annToken) },
      ]);
    });

    it('denies a wrong token, another account’s access token, an expired one and empty credentials', async () => {
      const denied = [
        { username: 'nals', password: 'wrong' },
        { username: bob.id, password: ann.accessToken },
        { username: ann.id, password: await expiredToken(t, ann.id, ann.deviceId) },
        { username: '', password: '' },
        {},
      ];
      for (const body of denied) {
        const res = await hook('auth', body);
        expect(res.status).toBe(200);
        expect(res.json, JSON.stringify(body)).toMatchObject({ result: 'deny', ok: false });
      }
    });

    it('requires the hook secret, in the header or the query string', async () => {
      const body = { username: 'nals', password: annToken };
      expect((await hook('auth', body, null)).status).toBe(401);
      expect((await hook('auth', body, 'wrong-secret')).status).toBe(401);
      const viaQuery = await hook('auth', body, null, `?secret=${SECRET}`);
      expect(viaQuery.json.result).toBe('allow');
    });
  });

  describe('POST /api/broker/acl', () => {
    it('lets a browser publish to its /in and subscribe to its /out, nothing else', async () => {
      expect(await acl(ann.id, nalsInTopic(annToken), { action: 'publish' })).toBe('allow');
      expect(await acl(ann.id, nalsOutTopic(annToken), { action: 'subscribe' })).toBe('allow');
      expect(await acl(ann.id, nalsOutTopic(annToken), { action: 'publish' })).toBe('deny');
      expect(await acl(ann.id, nalsInTopic(annToken), { action: 'subscribe' })).toBe('deny');
      expect(await acl(ann.id, nalsOutTopic(bobToken), { action: 'subscribe' })).toBe('deny');
      expect(await acl(ann.id, '/topic/nals/+/out', { action: 'subscribe' })).toBe('deny');
      expect(await acl('not-an-account', nalsOutTopic(annToken), { action: 'subscribe' })).toBe('deny');
    });

    it('lets an audio client subscribe to /in and publish to /out of a current token only', async () => {
      expect(await acl('nals', nalsInTopic(annToken), { action: 'subscribe' })).toBe('allow');
      expect(await acl('nals', nalsOutTopic(annToken), { action: 'publish' })).toBe('allow');
      expect(await acl('nals', nalsOutTopic(annToken), { action: 'subscribe' })).toBe('deny');
      expect(await acl('nals', nalsInTopic(annToken), { action: 'publish' })).toBe('deny');
      expect(await acl('nals', nalsInTopic('no-such-token'), { action: 'subscribe' })).toBe('deny');
      expect(await acl('nals', '#', { action: 'subscribe' })).toBe('deny');
    });

    it('understands mosquitto-go-auth access codes', async () => {
      expect(await acl(ann.id, nalsInTopic(annToken), { acc: 2 })).toBe('allow');
      expect(await acl(ann.id, nalsOutTopic(annToken), { acc: 1 })).toBe('allow');
      expect(await acl(ann.id, nalsOutTopic(annToken), { acc: 4 })).toBe('allow');
      // Read and write on one topic: no connection has both.
      expect(await acl(ann.id, nalsOutTopic(annToken), { acc: 3 })).toBe('deny');
      expect(await acl(ann.id, nalsOutTopic(annToken), {})).toBe('deny');
    });

    it('denies the old token after a rotation, and follows the browser to its new one', async () => {
      const carl = await createUser(t);
      const oldToken = (await getMe(t, carl.accessToken)).nalsToken;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/preferences',
        headers: { authorization: `Bearer ${carl.accessToken}` },
        payload: { rotateNalsToken: true },
      });
      const newToken = res.json<CurrentUser>().nalsToken;
      expect(await acl('nals', nalsInTopic(oldToken), { action: 'subscribe' })).toBe('deny');
      expect(await acl(carl.id, nalsOutTopic(oldToken), { action: 'subscribe' })).toBe('deny');
      expect(await acl('nals', nalsInTopic(newToken), { action: 'subscribe' })).toBe('allow');
      expect(await acl(carl.id, nalsOutTopic(newToken), { action: 'subscribe' })).toBe('allow');
    });

    it('requires the hook secret and a topic', async () => {
      expect(
        (await hook('acl', { username: ann.id, topic: nalsInTopic(annToken), action: 'publish' }, null)).status,
      ).toBe(401);
      expect((await hook('acl', { username: ann.id, action: 'publish' })).status).toBe(400);
    });
  });

  it('stays out of the public API documentation', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths).some((p) => p.includes('broker'))).toBe(
      false,
    );
  });
});

describe('external broker hooks without a secret', () => {
  const [database] = databases();
  let t: TestApp;
  beforeAll(async () => {
    await database!.setup();
    t = await startTestApp(database!);
  });
  afterAll(async () => {
    await t?.close();
    await database!.teardown();
  });

  it('refuses every call, with no secret, a guessed one, or a valid token in the body', async () => {
    const user = await createUser(t);
    const body = { username: user.id, password: user.accessToken };
    for (const [path, headers, query] of [
      ['auth', {}, ''],
      ['auth', { [BROKER_SECRET_HEADER]: 'guess' }, ''],
      ['auth', { [BROKER_SECRET_HEADER]: '' }, '?secret='],
      ['acl', {}, ''],
      ['acl', {}, '?secret=null'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/broker/${path}${query}`,
        headers,
        payload: { ...body, topic: 'anything', action: 'subscribe' },
      });
      expect(res.statusCode, `${path}${query}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });
});
