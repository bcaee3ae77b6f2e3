import { randomBytes } from 'node:crypto';
import { endpoints, fillPath, type Authz, type EndpointDef, type EndpointName } from '@tutti/contract/http';
import { count } from 'drizzle-orm';
import type { JoinedSession, Session } from '@tutti/contract/sessions';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/platform/schema.ts';
import { call, type TestApp } from './support/app.ts';
import { accountAdminFixtures } from './support/authz-accounts.ts';
import { contentFixtures } from './support/authz-content.ts';
import { experimentFixtures } from './support/authz-experiments.ts';
import { messageFixtures } from './support/authz-messages.ts';
import { paymentFixtures, subscriptionFixtures } from './support/authz-payments.ts';
import { databases } from './support/databases.ts';
import { ADMIN_EMAIL, createOpenRehearsal, joined, newAdmin, sessionsSuite } from './support/sessions.ts';
import {
  agentHeader,
  createUser,
  currentDeviceId,
  newSerial,
  newUser,
  signIn,
  signUp,
  tokenFromEmail,
  type SignedInUser,
} from './support/users.ts';

/**
 * The authorization matrix: every route of the contract, called as guest, owner, another user and administrator,
 * must answer what the route declares beside itself (`authz` in packages/contract/src/http.ts). Each route has a
 * fixture below that builds what its call needs (a session organized by the owner, a device, a region...) with a
 * valid body, so the status is the authorization answer and nothing else. A route without a fixture or without an
 * expectation fails here.
 */

type Role = keyof Authz;
const ROLES: Role[] = ['guest', 'owner', 'other', 'admin'];

interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Multipart upload (cover picture). */
  upload?: Buffer;
  /** A body sent as it is, with its content type (a banner's multipart form). */
  raw?: { payload: Buffer; contentType: string };
  /** Replaces the role's usual token (a route that signs its caller out gets a throwaway device or account). */
  token?: string;
}

interface World {
  t: TestApp;
  owner: SignedInUser;
  other: SignedInUser;
  admin: SignedInUser;
  /** A plain account no role uses: sign-ins and recoveries happen on it. */
  spare: SignedInUser;
  /** A new account of the role's kind (administrator for admin), for calls that sign out its other devices. */
  fresh(role: Role): Promise<SignedInUser>;
  /** A private open rehearsal organized by the owner, who plays in it (now): other accounts cannot see it. */
  session(): Promise<{ session: Session; joined: JoinedSession }>;
}

type Fixture = (w: World, role: Role) => Promise<Request>;

const none: Fixture = async () => ({});
const BOUNDARY = '----tutti-matrix';
const hex = () => randomBytes(4).toString('hex');
const ADMINS = Array.from({ length: 6 }, (_, i) => `admin-${i}@matrix.example`);

const account = (w: World, role: Role): SignedInUser => (role === 'guest' ? w.owner : w[role]);

const privateSession = async (w: World): Promise<Session> =>
  createOpenRehearsal(w.t, w.owner, { public: false, name: `Matrix ${hex()}` });

const testRehearsal = async (w: World): Promise<string> => {
  const res = await call<Session>(w.t, 'POST', 'v1/test-rehearsal', {
    token: w.admin.accessToken,
    body: { name: `Test ${hex()}`, password: 'open sesame' },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
};

const region = async (w: World): Promise<string> => {
  const res = await call<{ id: string }>(w.t, 'POST', 'v1/regions', {
    token: w.admin.accessToken,
    body: { code: `r-${hex()}`, name: 'Matrix', latitude: 48.8, longitude: 2.3 },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
};

let port = 20_000;
const serverBody = async (w: World) => ({
  name: `Room ${hex()}`,
  regionId: await region(w),
  provider: 'self-hosted',
  // Unique (one server per address); nothing listens there, so a health check fails at once.
  url: `http://127.0.0.1:${port++}/`,
  secret: 'a-room-secret-of-16+',
  capacity: 16,
});

const server = async (w: World): Promise<string> => {
  const res = await call<{ id: string }>(w.t, 'POST', 'v1/servers', {
    token: w.admin.accessToken,
    body: await serverBody(w),
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
};

const PNG = sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 200 } } })
  .png()
  .toBuffer();

/** One builder per route of the contract, by name: the type makes a missing one a compile error too. */
const fixtures: Record<EndpointName, Fixture> = {
  health: none,
  getConfig: none,
  getSystem: none,
  listCountries: none,
  listSocialNetworks: none,
  listMusicStyles: none,
  listMusicSkills: none,
  listPrivileges: none,

  signUp: async () => ({ body: newUser() }),
  resendConfirmation: async (w) => ({ params: { id: await signUp(w.t, newUser()) } }),
  validateAccount: async (w) => {
    const user = newUser();
    await signUp(w.t, user);
    return { body: { token: tokenFromEmail(w.t, user.email, '/users/validate-account') } };
  },
  forgotPassword: async (w) => ({ body: { email: w.spare.email } }),
  recoverPassword: async (w) => {
    const user = await createUser(w.t);
    await call(w.t, 'POST', 'v1/accounts/forgot-password', { body: { email: user.email } });
    await w.t.app.tutti.background.drain();
    return { body: { token: tokenFromEmail(w.t, user.email, '/users/recover-password'), password: 'a new horse' } };
  },

  signIn: async (w) => ({ body: { email: w.spare.email, password: w.spare.password } }),
  refresh: async (w) => ({ body: { refreshToken: (await signIn(w.t, w.spare.email, w.spare.password)).refreshToken } }),
  signOut: async (w, role) => {
    const user = account(w, role);
    return { token: (await signIn(w.t, user.email, user.password)).accessToken };
  },

  getMe: none,
  getAppStart: none,
  ping: none,
  onlineCount: none,
  listDevices: none,
  deleteDevice: async (w) => {
    const tokens = await signIn(w.t, w.owner.email, w.owner.password);
    return { params: { id: await currentDeviceId(w.t, tokens.accessToken) } };
  },
  changePassword: async (w, role) => {
    const user = await w.fresh(role);
    return { token: user.accessToken, body: { oldPassword: user.password, newPassword: 'another horse' } };
  },
  // The owner deletes an account of its own made for the call (its devices are signed out); the others aim at a new
  // plain account, which an administrator deletes and another musician cannot see.
  deleteAccount: async (w, role) => {
    if (role === 'owner') {
      const user = await w.fresh(role);
      return { token: user.accessToken, params: { id: user.id }, body: { password: user.password } };
    }
    return { params: { id: (await w.fresh('other')).id }, body: {} };
  },
  setBirthdate: async () => ({ body: { birthdate: '1990-05-17' } }),
  setLocale: async () => ({ body: { locale: 'en' } }),
  changeUsername: async () => ({ body: { username: `renamed${hex()}` } }),
  setPreferences: async () => ({ body: { newsOptIn: true } }),
  appDownloaded: none,

  listNalsVersions: none,
  enableNalsVersion: async (w) => {
    const res = await call<{ id: string; enabled: boolean }[]>(w.t, 'GET', 'v1/nals/versions', {
      token: w.owner.accessToken,
    });
    // The version already enabled: enabling it again changes nothing for the other routes.
    return { params: { id: res.json.find((v) => v.enabled)?.id ?? '' } };
  },
  getNalsDownload: async () => ({ query: { os: 'linux' } }),

  startSelfcheck: none,
  closeSelfcheck: async (w) => {
    const res = await call<{ id: string }>(w.t, 'POST', 'v1/selfcheck/start', { token: w.owner.accessToken });
    expect(res.status, res.text).toBe(201);
    return { params: { id: res.json.id } };
  },

  listSessions: none,
  listPublicSessions: async () => ({ query: { p: '1' } }),
  listMySessions: none,
  keepalive: async (w) => ({ params: { id: (await w.session()).session.id } }),
  getSessionDetails: async (w) => ({ params: { id: (await w.session()).session.id } }),
  listSessionPosts: async () => ({ query: { p: '1' } }),

  createOpenRehearsal: async () => ({
    body: { name: `New ${hex()}`, public: false, startsAt: new Date(Date.now() + 86_400_000).toISOString() },
  }),
  updateOpenRehearsal: async (w) => ({
    params: { id: (await w.session()).session.id },
    body: { description: `Edited ${hex()}` },
  }),
  setOpenRehearsalCover: async (w) => ({ params: { id: (await w.session()).session.id }, upload: await PNG }),
  joinOpenRehearsal: async (w) => ({ params: { id: (await w.session()).session.id } }),
  inviteToOpenRehearsal: async (w) => ({
    params: { id: (await w.session()).session.id },
    body: { usernames: [w.spare.username] },
  }),
  quitOpenRehearsal: async (w) => {
    // Its own session: the owner's quit ends it (last one out).
    const session = await privateSession(w);
    await joined(w.t, w.owner, session.id);
    return { params: { id: session.id } };
  },

  listTestRehearsals: none,
  createTestRehearsal: async () => ({ body: { name: `Test ${hex()}`, password: 'open sesame' } }),
  deleteTestRehearsal: async (w) => ({ params: { id: await testRehearsal(w) } }),
  joinTestRehearsal: async (w) => ({ params: { id: await testRehearsal(w) }, body: { password: 'open sesame' } }),
  quitTestRehearsal: async (w) => ({ params: { id: await testRehearsal(w) } }),
  postRoomMetrics: async (w) => ({
    params: { id: (await w.session()).joined.room.id },
    body: { minPingInMs: 10, maxPingInMs: 30, averagePingInMs: 20, sigmaPingInMs: 5 },
  }),

  listProviders: none,
  listRegions: none,
  createRegion: async () => ({ body: { code: `r-${hex()}`, name: 'New region', latitude: 0, longitude: 0 } }),
  deleteRegion: async (w) => ({ params: { id: await region(w) } }),
  listServers: none,
  createServer: async (w) => ({ body: await serverBody(w) }),
  startServer: async (w) => ({ params: { id: await server(w) } }),
  pauseServer: async (w) => ({ params: { id: await server(w) } }),
  serverHealthcheck: async (w) => ({ params: { id: await server(w) } }),
  deleteServer: async (w) => ({ params: { id: await server(w) } }),

  // Community: other musicians are the spare account (public profile), or a new one the caller has not met.
  listInstruments: none,
  updateProfile: async () => ({
    body: { country: 'FR', cityId: null, biography: 'Matrix', publicProfile: true, socialLinks: [], musicStyles: [] },
  }),
  updateMusicSkills: async () => ({ body: { instruments: [{ instrument: 'drums', skill: 'medium' }] } }),
  setProfilePicture: async () => ({ upload: await PNG }),
  setCoverPicture: async () => ({ upload: await PNG }),
  getPublicAccount: async (w) => ({ params: { id: w.spare.id } }),
  listFollowers: async (w) => ({ params: { id: w.spare.id } }),
  getPicture: async (w) => ({ params: { username: w.spare.username } }),
  getProfileByUsername: async (w) => ({ params: { username: w.spare.username } }),
  getProfile: async (w) => ({ params: { id: w.spare.id } }),
  search: async (w) => ({ body: { p: 1, size: 10, filters: { q: w.spare.username } } }),
  listFollows: none,
  suggestions: async () => ({ query: { limit: '5' } }),
  countrySuggestions: async () => ({ query: { limit: '5' } }),
  citySuggestions: none,
  follow: async (w) => ({ params: { id: (await createUser(w.t)).id } }),
  unfollow: async (w, role) => {
    const target = await createUser(w.t);
    await call(w.t, 'POST', `v1/me/followers/${target.id}`, { token: account(w, role).accessToken });
    return { params: { id: target.id } };
  },
  listBlocked: async () => ({ query: { reverse: 'false' } }),
  block: async (w) => ({ params: { id: (await createUser(w.t)).id } }),
  unblock: async (w, role) => {
    const target = await createUser(w.t);
    await call(w.t, 'POST', `v1/me/blocked/${target.id}`, { token: account(w, role).accessToken });
    return { params: { id: target.id } };
  },
  searchCities: async () => ({ query: { q: 'lyo' } }),

  ...subscriptionFixtures,
  ...paymentFixtures,
  ...messageFixtures,
  ...accountAdminFixtures,
  ...contentFixtures,
  ...experimentFixtures,
};

function successStatus(name: EndpointName): number {
  const def = endpoints[name];
  if (def.response === null) return 204;
  return 'status' in def ? def.status : 200;
}

async function send(w: World, name: EndpointName, role: Role, req: Request) {
  const def = endpoints[name];
  const token = req.token ?? (role === 'guest' ? undefined : w[role].accessToken);
  const headers: Record<string, string> = { ...agentHeader(newSerial()) };
  if (role !== 'guest' && token) headers['authorization'] = `Bearer ${token}`;
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  const url = `/api/${fillPath(def.path, req.params)}${query}`;
  if (req.raw) {
    headers['content-type'] = req.raw.contentType;
    return w.t.app.inject({ method: def.method, url, headers, payload: req.raw.payload });
  }
  if (req.upload) {
    const payload = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      req.upload,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    return w.t.app.inject({ method: def.method, url, headers, payload });
  }
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  return w.t.app.inject({
    method: def.method,
    url,
    headers,
    ...(req.body !== undefined && { payload: JSON.stringify(req.body) }),
  });
}

/** Entries in the audit log so far. */
const auditEntries = async (t: TestApp): Promise<number> =>
  (await t.app.tutti.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

describe.each(databases())('authorization matrix on $name', (database) => {
  const {
    h,
    users: [owner, other, admin, spare],
  } = sessionsSuite(database, [createUser, createUser, newAdmin, createUser], {
    ADMIN_EMAILS: [ADMIN_EMAIL, ...ADMINS].join(','),
    // Every call of the matrix on one room server: slots are not what it tests.
    ROOM_CAPACITY: '100000',
  });
  let admins = 0;
  const world = (): World => ({
    t: h.t,
    owner,
    other,
    admin,
    spare,
    fresh: (role) => {
      if (role !== 'admin') return createUser(h.t);
      const email = ADMINS[admins++];
      if (!email) throw new Error('ADMINS is too short for the routes that need a fresh administrator');
      return createUser(h.t, { email });
    },
    // A new one each time: a musician plays in one session at a time, so the owner's previous one has ended.
    session: async () => {
      const session = await privateSession(world());
      return { session, joined: await joined(h.t, owner, session.id) };
    },
  });

  it('every route declares its expectations and has a fixture, and every fixture names a route', () => {
    for (const [name, def] of Object.entries(endpoints)) {
      const authz = (def as { authz?: Authz }).authz;
      expect(authz, `${name}: authz`).toBeDefined();
      expect(Object.keys(authz ?? {}).sort(), `${name}: authz roles`).toEqual([...ROLES].sort());
      expect(fixtures[name as EndpointName], `${name}: fixture`).toBeTypeOf('function');
    }
    expect(Object.keys(fixtures).sort()).toEqual(Object.keys(endpoints).sort());
  });

  // One test per route, the four roles in one go: a failure names the route and lists every role's answer.
  it.each(Object.keys(endpoints) as EndpointName[])('%s', async (name) => {
    const w = world();
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    const answers: string[] = [];
    const def: EndpointDef = endpoints[name];
    // Every administrator's write lands in the audit log (issue 14): a new admin write that records nothing fails.
    const adminWrite = def.access === 'admin' && def.method !== 'GET';
    for (const role of ROLES) {
      const outcome = endpoints[name].authz[role];
      expected[role] = outcome === 'ok' ? successStatus(name) : outcome;
      const request = await fixtures[name](w, role);
      const logged = adminWrite ? await auditEntries(w.t) : 0;
      const res = await send(w, name, role, request);
      if (adminWrite && res.statusCode < 300) {
        expect(await auditEntries(w.t), `${name} as ${role}: no audit entry`).toBeGreaterThan(logged);
      }
      actual[role] = res.statusCode;
      if (res.statusCode !== expected[role]) answers.push(`${role}: ${res.body.slice(0, 300)}`);
      if (res.statusCode >= 500) throw new Error(`${name} as ${role}: ${res.statusCode} ${res.body}`);
    }
    expect(JSON.stringify(actual), answers.join('\n')).toBe(JSON.stringify(expected));
  });
});
