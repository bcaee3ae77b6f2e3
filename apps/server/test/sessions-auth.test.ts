import { describe, expect, it } from 'vitest';
import { call, expiredToken } from './support/app.ts';
import { databases } from './support/databases.ts';
import { UNKNOWN_ID, sessionsSuite, type ErrorJson } from './support/sessions.ts';
import { createUser } from './support/users.ts';

/** Every sessions endpoint refuses a request without a token, and one with an expired token, before anything else. */
const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', 'v1/sessions'],
  ['GET', 'v1/sessions/public'],
  ['GET', 'v1/me/sessions'],
  ['POST', `v1/sessions/${UNKNOWN_ID}/keepalive`],
  ['GET', `v1/sessions/${UNKNOWN_ID}/details`],
  ['GET', 'v1/session-posts'],
  ['POST', 'v2/open-rehearsal', { name: 'x', public: true }],
  ['PUT', `v1/open-rehearsal/${UNKNOWN_ID}`, { name: 'x' }],
  ['PUT', `v1/open-rehearsal/${UNKNOWN_ID}/cover-picture`],
  ['POST', `v2/open-rehearsal/${UNKNOWN_ID}/join`],
  ['POST', `v1/open-rehearsal/${UNKNOWN_ID}/invite`, { usernames: ['someone'] }],
  ['POST', `v1/open-rehearsal/${UNKNOWN_ID}/quit`],
  ['GET', 'v1/test-rehearsal'],
  ['POST', 'v1/test-rehearsal', { name: 'x', password: 'secret' }],
  ['DELETE', `v1/test-rehearsal/${UNKNOWN_ID}`],
  ['POST', `v1/test-rehearsal/${UNKNOWN_ID}/join`, { password: 'secret' }],
  ['POST', `v1/test-rehearsal/${UNKNOWN_ID}/quit`],
  ['POST', `v1/rooms/${UNKNOWN_ID}/metrics`, { minPingInMs: 1, maxPingInMs: 3, averagePingInMs: 2, sigmaPingInMs: 1 }],
];

describe.each(databases())('sessions authentication on $name', (database) => {
  const { h } = sessionsSuite(database, []);

  it.each(ENDPOINTS)('%s %s answers 401 without a token', async (method, url, body) => {
    const res = await call<ErrorJson>(h.t, method as 'GET', url, { body });
    expect(res.status, res.text).toBe(401);
    expect(res.json.error.code).toBe('UNAUTHENTICATED');
  });

  it.each(ENDPOINTS)('%s %s answers 401 to an expired token', async (method, url, body) => {
    const user = await createUser(h.t);
    const token = await expiredToken(h.t, user.id, user.deviceId);
    const res = await call<ErrorJson>(h.t, method as 'GET', url, { body, token });
    expect(res.status, res.text).toBe(401);
    expect(res.json.error.code).toBe('TOKEN_EXPIRED');
  });

  it.each(ENDPOINTS.filter(([, url]) => url.includes(UNKNOWN_ID)))(
    '%s %s answers 400 to an id that is not a UUID',
    async (method, url, body) => {
      const user = await createUser(h.t);
      const res = await call<ErrorJson>(h.t, method as 'GET', url.replace(UNKNOWN_ID, 'not-a-uuid'), {
        body,
        token: user.accessToken,
      });
      // Test-rehearsal writes check the role first (403); the rest validate the id.
      if (url.startsWith('v1/test-rehearsal')) expect([400, 403]).toContain(res.status);
      else {
        expect(res.status, res.text).toBe(400);
        expect(res.json.error.code).toBe('VALIDATION_FAILED');
      }
    },
  );
});
