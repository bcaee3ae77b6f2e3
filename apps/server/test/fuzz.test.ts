import { endpoints, type EndpointName } from '@tutti/contract/http';
import { AgentSchema } from '@tutti/contract/accounts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { subscriptions } from '../src/platform/schema.ts';
import { call } from './support/app.ts';
import { articleBody, bannerForm } from './support/authz-content.ts';
import { databases } from './support/databases.ts';
import {
  anyBad,
  asciiJson,
  badString,
  encodePart,
  CONTROL_CHARACTERS,
  objectFor,
  probe,
  probeEach,
  queryValue,
  valueFor,
  type JsonSchema,
} from './support/fuzz.ts';
import { createOpenRehearsal, joined, newAdmin, sessionsSuite, UNKNOWN_ID } from './support/sessions.ts';
import { createUser, signIn, type SignedInUser } from './support/users.ts';

/**
 * Fuzzing from the contract: every endpoint, fed with params, queries and bodies generated from its own schemas
 * with hostile values (support/fuzz.ts), as guest, as a signed-in user and as an administrator. No answer may be a
 * 5xx, carry a stack trace or SQL, or take longer than REQUEST_TIMEOUT_MS. FUZZ_RUNS sets the requests per endpoint
 * and role (a few by default so that `npm test` stays fast; thousands for a real campaign), FUZZ_SEED replays a run,
 * FUZZ_DEBUG=1 prints every answer.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const REQUEST_TIMEOUT_MS = 5_000;
const ROLES = ['guest', 'user', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** What an error answer must never show: stack frames, SQL, internals. Error bodies carry fixed messages and field
 *  names, never the input, so plain words are enough there. */
const LEAKS_IN_ERRORS = ['at ', 'SELECT', 'INSERT', 'UPDATE ', 'node_modules', 'Error:', 'postgres', 'pglite'];
/** Success bodies echo what was sent (a session name), so only unmistakable traces count there. */
const LEAK_IN_SUCCESS = /node_modules|\n\s+at \S|\bat \S+ \(\S+:\d+:\d+\)|SELECT \S+ FROM|INSERT INTO/;

const jsonSchema = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema && (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

interface FuzzRequest {
  params: Record<string, string>;
  query: [string, string][];
  /** JSON value sent as the body (undefined: none). */
  body: unknown;
  contentType: 'application/json' | 'text/plain' | 'multipart';
  agent: string | undefined;
}

/** Ids of real resources (created before the runs), by the kind of resource a path names: with them, bodies reach
 *  the handlers behind the ownership checks, not only the 404 of an unknown id. */
type Kind =
  | 'session'
  | 'testRehearsal'
  | 'room'
  | 'selfcheck'
  | 'region'
  | 'server'
  | 'nalsVersion'
  | 'device'
  | 'account'
  | 'adminTarget'
  | 'product'
  | 'productToken'
  | 'subscription'
  | 'news'
  | 'blogPost'
  | 'banner';
type RealIds = Partial<Record<Kind, string>>;
const KIND_OF_PATH: [RegExp, Kind][] = [
  [/(sessions|open-rehearsal)\/\{id\}/, 'session'],
  [/test-rehearsal\/\{id\}/, 'testRehearsal'],
  [/rooms\/\{id\}/, 'room'],
  [/selfcheck\/\{id\}/, 'selfcheck'],
  [/regions\/\{id\}/, 'region'],
  [/servers\/\{id\}/, 'server'],
  [/nals\/versions\/\{id\}/, 'nalsVersion'],
  [/devices\/\{id\}/, 'device'],
  // The accounts administration's writes act on an account of their own: the fuzzed user keeps its password,
  // validation and privileges.
  [/accounts\/\{id\}\/(password|privileges|valid|verified|sync)$/, 'adminTarget'],
  [/accounts\/\{id\}/, 'account'],
  [/products\/\{id\}/, 'product'],
  [/product-tokens\/\{id\}/, 'productToken'],
  [/subscriptions\/\{id\}/, 'subscription'],
  [/news\/\{id\}/, 'news'],
  [/blog-posts\/\{id\}/, 'blogPost'],
  [/banners\/\{id\}/, 'banner'],
];
/** A banner to aim the fuzzed edits and deletes at (its form is multipart, not a JSON body). */
async function fuzzBanner(t: Parameters<typeof call>[0], token: string): Promise<string> {
  const form = await bannerForm();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/banners',
    headers: { authorization: `Bearer ${token}`, 'content-type': form?.contentType ?? '' },
    payload: form?.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (JSON.parse(res.body) as { id: string }).id;
}
const realIdFor = (path: string, ids: RealIds): string =>
  ids[KIND_OF_PATH.find(([re]) => re.test(path))?.[1] ?? 'session'] ?? UNKNOWN_ID;

/** One request arbitrary per endpoint, from its schemas. */
function requestFor(name: EndpointName, ids: RealIds): fc.Arbitrary<FuzzRequest> {
  const def = endpoints[name];
  const query = jsonSchema('query' in def ? def.query : undefined);
  const body = jsonSchema('body' in def ? def.body : undefined);
  const paramNames = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const pathId = fc.oneof(
    { weight: 3, arbitrary: fc.constant(realIdFor(def.path, ids)) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: badString },
  );
  const paramsArb = fc.record(Object.fromEntries(paramNames.map((p) => [p, pathId])));
  const queryArb = (query ? objectFor(query) : fc.dictionary(fc.string({ maxLength: 8 }), anyBad, { maxKeys: 2 })).map(
    (q) => Object.entries(q).flatMap(([k, v]) => [queryValue(v)].flat().map((s): [string, string] => [k, s])),
  );
  const sendsBody = def.method === 'POST' || def.method === 'PUT';
  const bodyArb: fc.Arbitrary<unknown> = !sendsBody
    ? fc.constant(undefined)
    : body
      ? fc.oneof({ weight: 6, arbitrary: valueFor(body) }, { weight: 1, arbitrary: anyBad })
      : fc.option(anyBad, { freq: 2, nil: undefined });
  const contentType = fc.constantFrom<FuzzRequest['contentType']>(
    'application/json',
    'application/json',
    'application/json',
    'text/plain',
    'multipart',
  );
  const agent = fc.option(fc.oneof(valueFor(jsonSchema(AgentSchema) ?? {}), anyBad).map(asciiJson), { freq: 3 });
  return fc.record({
    params: paramsArb,
    query: queryArb,
    body: bodyArb,
    contentType,
    agent: agent.map((a) => a ?? undefined),
  });
}

/** Fixed requests run before the random ones: NUL alone in each string of a well-formed request (query or body),
 *  then each other control character and a 5,000-character string in all of them at once. */
function probes(name: EndpointName, ids: RealIds): FuzzRequest[] {
  const def = endpoints[name];
  const query = jsonSchema('query' in def ? def.query : undefined);
  const body = jsonSchema('body' in def ? def.body : undefined);
  const id = realIdFor(def.path, ids);
  const params = Object.fromEntries([...def.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] ?? '', id]));
  const request = (q: unknown, b: unknown): FuzzRequest => ({
    params,
    query: Object.entries((q as Record<string, unknown> | undefined) ?? {}).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
    body: b,
    contentType: 'application/json',
    agent: undefined,
  });
  const valid = (schema: JsonSchema | undefined) => schema && probe(schema, '', -1).value;
  const nul = '\u0000';
  return [
    ...(query ? probeEach(query, nul).map((q) => request(q, valid(body))) : []),
    ...(body ? probeEach(body, nul).map((b) => request(valid(query), b)) : []),
    ...[...CONTROL_CHARACTERS.slice(1), 'x'.repeat(5000)].map((text) =>
      request(query && probe(query, text).value, body && probe(body, text).value),
    ),
  ];
}

const BOUNDARY = '----tutti-fuzz';
function payloadOf(req: FuzzRequest): { payload?: string | Buffer; type?: string } {
  if (req.body === undefined) return {};
  const json = JSON.stringify(req.body) ?? 'null';
  if (req.contentType !== 'multipart') return { payload: json, type: req.contentType };
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.png"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    Buffer.from(json),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { payload, type: `multipart/form-data; boundary=${BOUNDARY}` };
}

describe.each(databases())('contract fuzzing on $name', (database) => {
  const {
    h,
    users: [user, admin],
  } = sessionsSuite(database, [createUser, newAdmin]);
  const tokens: Record<Role, SignedInUser | undefined> = { guest: undefined, user, admin };
  const ids: RealIds = {};

  beforeAll(async () => {
    const t = h.t;
    const session = await createOpenRehearsal(t, user, { public: true });
    const joinedSession = await joined(t, user, session.id);
    const asAdmin = async (url: string, body: unknown) => {
      const res = await call<{ id: string }>(t, 'POST', url, { token: admin.accessToken, body });
      expect(res.status, res.text).toBe(201);
      return res.json.id;
    };
    const selfcheck = await call<{ id: string }>(t, 'POST', 'v1/selfcheck/start', { token: user.accessToken });
    const versions = await call<{ id: string }[]>(t, 'GET', 'v1/nals/versions', { token: user.accessToken });
    const region = await asAdmin('v1/regions', { code: 'fuzz', name: 'Fuzz', latitude: 0, longitude: 0 });
    const product = await asAdmin('v1/products', { name: { en: 'Fuzz', fr: 'Fuzz' }, priceCents: 500 });
    const banner = await fuzzBanner(t, admin.accessToken);
    Object.assign(ids, {
      session: session.id,
      room: joinedSession.room.id,
      selfcheck: selfcheck.json.id,
      testRehearsal: await asAdmin('v1/test-rehearsal', { name: 'Fuzz', password: 'open sesame' }),
      region,
      server: await asAdmin('v1/servers', {
        name: 'Fuzz',
        regionId: region,
        provider: 'self-hosted',
        url: 'http://127.0.0.1:9/',
        secret: 'a-room-secret-of-16+',
        capacity: 16,
      }),
      nalsVersion: versions.json[0]?.id,
      device: user.deviceId,
      account: user.id,
      adminTarget: (await createUser(t)).id,
      product,
      productToken: await asAdmin('v1/product-tokens', { productId: product, months: 1 }),
      news: await asAdmin('v1/news', articleBody('fuzz')),
      blogPost: await asAdmin('v1/blog-posts', articleBody('fuzz')),
      banner,
      // The user's own subscription (paid by card, as the ledger records one): cancel and restore reach their handlers.
      subscription: (
        await t.app.tutti.database.db
          .insert(subscriptions)
          .values({
            accountId: user.id,
            productId: product,
            status: 'active',
            currentPeriodEnd: new Date(Date.now() + 864e5),
          })
          .returning({ id: subscriptions.id })
      )[0]?.id,
    } satisfies RealIds);
  });

  /** A fuzzed call may sign its caller out (DELETE v1/auth takes no input; the device is then revoked, 403): sign
   *  in again before going on. */
  async function stillSignedIn(role: Role): Promise<void> {
    const account = tokens[role];
    if (!account) return;
    if ((await call(h.t, 'GET', 'v1/me', { token: account.accessToken })).status === 200) return;
    tokens[role] = { ...account, ...(await signIn(h.t, account.email, account.password, account.serial)) };
  }

  async function send(name: EndpointName, role: Role, req: FuzzRequest) {
    const def = endpoints[name];
    const path = def.path.replace(/\{(\w+)\}/g, (_, k: string) => encodePart(req.params[k] ?? ''));
    const query = req.query.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&');
    const headers: Record<string, string> = {};
    const token = tokens[role]?.accessToken;
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (req.agent !== undefined) headers['x-agent'] = req.agent;
    const { payload, type } = payloadOf(req);
    if (type) headers['content-type'] = type;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        h.t.app.inject({
          method: def.method,
          url: `/api/${path}${query ? `?${query}` : ''}`,
          headers,
          ...(payload !== undefined && { payload }),
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  it.each(Object.keys(endpoints) as EndpointName[])('%s', async (name) => {
    const arb = requestFor(name, ids);
    const examples = probes(name, ids).map((req): [FuzzRequest] => [req]);
    for (const role of ROLES) {
      await stillSignedIn(role);
      await fc.assert(
        fc.asyncProperty(arb, async (req) => {
          const res = await send(name, role, req);
          const where = `${name} as ${role}: ${res.statusCode} ${res.body.slice(0, 500)}`;
          if (process.env.FUZZ_DEBUG)
            process.stderr.write(`RES ${where.slice(0, 200)} ${JSON.stringify(req).slice(0, 200)}\n`);
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            for (const leak of LEAKS_IN_ERRORS) expect(res.body, where).not.toContain(leak);
          } else {
            expect(res.body, where).not.toMatch(LEAK_IN_SUCCESS);
          }
        }),
        { numRuns: RUNS + examples.length, examples, ...(SEED !== undefined && { seed: SEED }) },
      );
    }
  });
});
