import { SESSION_SWEEP_JOB } from '../../src/modules/sessions/sessions.jobs.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { CreateOpenRehearsalBody, JoinedSession, Session } from '@tutti/contract/sessions';
import { afterAll, beforeAll, expect } from 'vitest';
import { products, subscriptions } from '../../src/platform/schema.ts';
import { call, startTestApp, type ApiResponse, type TestApp } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { FAKE_ROOM_SECRET, startFakeRoomServer, type FakeRoomServer } from './fake-room.ts';
import { createUser, signIn, type SignedInUser } from './users.ts';

export type ErrorJson = {
  error: { code: string; message: string; fields?: Record<string, string>; details?: unknown };
};

export const ADMIN_EMAIL = 'boss@sessions.example';
export const TESTER_DOMAIN = '@testers.example';

export interface SessionsHarness {
  t: TestApp;
  rooms: FakeRoomServer;
  /** Everything published on the pubsub since the suite started. */
  events: { topic: string; data: unknown }[];
}

type MakeUser = (t: TestApp) => Promise<SignedInUser>;

export interface SessionsSuite<M extends readonly MakeUser[]> {
  h: SessionsHarness;
  /** One musician per maker, in order. */
  users: { [K in keyof M]: SignedInUser };
}

/** For a suite: a fake room server, the app registered with it (administrators from ADMIN_EMAIL, testers from
 *  TESTER_DOMAIN), fair-use limits out of the way (unless `env` sets them), the sweep left to `runNow`, a log of published events, and the suite's musicians made once
 *  (`makers`, in order) after the app is up. The returned harness and users are filled in by beforeAll, in place:
 *  destructure them at the top of the suite and read them in hooks and tests only. */
export function sessionsSuite<const M extends readonly MakeUser[]>(
  database: TestDatabase,
  makers: M,
  env: Record<string, string> = {},
): SessionsSuite<M> {
  const h = {} as SessionsHarness;
  const musicians = makers.map((make) => ({ make, user: {} as SignedInUser }));
  beforeAll(async () => {
    await database.setup();
    const rooms = await startFakeRoomServer();
    const t = await startTestApp(database, {
      ROOM_SERVER_URL: rooms.url,
      ROOM_SECRET: FAKE_ROOM_SECRET,
      ADMIN_EMAILS: ADMIN_EMAIL,
      TESTER_EMAILS: TESTER_DOMAIN,
      // Tests run the sweep themselves with a moved clock; the timer must not run it in between.
      SESSION_SWEEP_INTERVAL_MS: String(24 * 3600_000),
      // Suites make many sessions per musician; the fair-use suite sets its own limits.
      SESSION_LIVE_MAX: '1000',
      SESSION_SCHEDULED_MAX: '1000',
      SESSION_CREATIONS_PER_MINUTE: '1000',
      ...env,
    });
    const events: SessionsHarness['events'] = [];
    t.app.tutti.pubsub.onMessage((topic, data) => events.push({ topic, data }));
    Object.assign(h, { t, rooms, events } satisfies SessionsHarness);
    for (const m of musicians) Object.assign(m.user, await m.make(t));
  });
  afterAll(async () => {
    // Only what beforeAll got to start is closed (h.t and h.rooms are unset when it failed early).
    const started: Partial<SessionsHarness> = h;
    await started.t?.close();
    await started.rooms?.close();
    await database.teardown();
  });
  return { h, users: musicians.map((m) => m.user) as SessionsSuite<M>['users'] };
}

export const newAdmin = (t: TestApp) => createUser(t, { email: ADMIN_EMAIL });
export const newTester = (t: TestApp) =>
  createUser(t, { email: `tester-${randomBytes(4).toString('hex')}${TESTER_DOMAIN}` });

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export async function createOpenRehearsal(
  t: TestApp,
  user: SignedInUser,
  body: Partial<CreateOpenRehearsalBody> = {},
): Promise<Session> {
  const res = await call<Session>(t, 'POST', 'v2/open-rehearsal', {
    token: user.accessToken,
    body: { name: `Jam ${randomBytes(3).toString('hex')}`, public: true, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

export const joinOpen = (t: TestApp, user: SignedInUser, id: string) =>
  call<JoinedSession & ErrorJson>(t, 'POST', `v2/open-rehearsal/${id}/join`, { token: user.accessToken });

export async function joined(t: TestApp, user: SignedInUser, id: string): Promise<JoinedSession> {
  const res = await joinOpen(t, user, id);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

export const quitOpen = (t: TestApp, user: SignedInUser, id: string) =>
  call<ErrorJson>(t, 'POST', `v1/open-rehearsal/${id}/quit`, { token: user.accessToken });

export const details = (t: TestApp, user: SignedInUser, id: string): Promise<ApiResponse<Session & ErrorJson>> =>
  call<Session & ErrorJson>(t, 'GET', `v1/sessions/${id}/details`, { token: user.accessToken });

export const keepalive = (t: TestApp, user: SignedInUser, id: string) =>
  call<{ remainingMinutes: number | null; session: Session } & ErrorJson>(t, 'POST', `v1/sessions/${id}/keepalive`, {
    token: user.accessToken,
  });

/** An active subscription until `until`, to a product of its own, written in the ledger as a payment would. */
export async function subscribe(t: TestApp, user: SignedInUser, until: Date): Promise<void> {
  const { db } = t.app.tutti.database;
  const [product] = await db
    .insert(products)
    .values({ nameEn: 'Band', nameFr: 'Groupe', priceCents: 999 })
    .returning({ id: products.id });
  await db.insert(subscriptions).values({
    id: randomUUID(),
    accountId: user.id,
    productId: product!.id,
    status: 'active',
    currentPeriodEnd: until,
  });
}

/** Events published on a topic since `from` (an index into `events`). */
export const eventsOn = (h: SessionsHarness, topic: string, from = 0) =>
  h.events
    .slice(from)
    .filter((e) => e.topic === topic)
    .map((e) => e.data as Record<string, unknown>);

/** The same user signed in again (same device): fresh tokens after the clock moved past their expiry. */
export async function signedInAgain(t: TestApp, user: SignedInUser): Promise<SignedInUser> {
  const tokens = await signIn(t, user.email, user.password, user.serial);
  return { ...user, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** Moves the suite's clock on, runs the sweep, and signs the musicians in again (their tokens may have expired). */
export async function sweepAfter(h: SessionsHarness, ms: number, musicians: SignedInUser[]): Promise<void> {
  h.t.clock.advance(ms);
  await h.t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
  for (const m of musicians) Object.assign(m, await signedInAgain(h.t, m));
}
