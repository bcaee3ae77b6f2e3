import type { Session } from '@tutti/contract/sessions';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createOpenRehearsal, sessionsSuite, type ErrorJson } from './support/sessions.ts';
import { agentHeader, createUser } from './support/users.ts';

/** Issue 10, point 8: a NUL in a JSON string reached PostgreSQL (a 500, and the failed SQL logged with its
 *  parameters). Every input string now goes through the contract's text(): a 400 with the field code. */
describe.each(databases())('control characters in strings on $name', (database) => {
  const {
    h,
    users: [ann],
  } = sessionsSuite(database, [createUser]);

  const fieldsOf = (res: { status: number; json: ErrorJson }) => [res.status, res.json.error?.fields];

  it('refuses NUL in the sign-in email, before any query and without signing in', async () => {
    const res = await call<ErrorJson>(h.t, 'POST', 'v1/auth', {
      body: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(fieldsOf(res)).toEqual([400, { email: 'invalid_characters' }]);
  });

  it('refuses NUL, C1 controls and bidi overrides in a session name, and keeps line breaks in its description', async () => {
    for (const name of ['Jam\u0000', 'Jam\u0085', '\u202Emaj', 'Jam\u200B', 'Jam\nnight']) {
      const res = await call<ErrorJson>(h.t, 'POST', 'v2/open-rehearsal', {
        token: ann.accessToken,
        body: { name, public: true },
      });
      expect(fieldsOf(res), JSON.stringify(name)).toEqual([400, { name: 'invalid_characters' }]);
    }
    const session = await createOpenRehearsal(h.t, ann, { name: 'عربي 👩‍🎤', description: 'Line one\n\tLine two' });
    expect(session.name).toBe('عربي 👩‍🎤');
    const bad = await call<ErrorJson>(h.t, 'PUT', `v1/open-rehearsal/${session.id}`, {
      token: ann.accessToken,
      body: { description: 'nul\u0000' },
    });
    expect(fieldsOf(bad)).toEqual([400, { description: 'invalid_characters' }]);
    const details = await call<Session>(h.t, 'GET', `v1/sessions/${session.id}/details`, { token: ann.accessToken });
    expect(details.json.description).toBe('Line one\n\tLine two');
  });

  it('refuses a displayed name that would read as another one', async () => {
    const res = await call<ErrorJson>(h.t, 'POST', 'v1/me/preferences', {
      token: ann.accessToken,
      body: { displayedUsername: 'admin\u2066' },
    });
    expect(fieldsOf(res)).toEqual([400, { displayedUsername: 'invalid_characters' }]);
  });

  it('refuses NUL in the agent header', async () => {
    const headers = { 'x-agent': JSON.stringify({ app: 'web\u0000', serial: 'serial-12345678' }) };
    const res = await call<ErrorJson>(h.t, 'POST', 'v1/auth', {
      body: { email: ann.email, password: ann.password },
      headers,
    });
    expect(res.status).toBe(400);
    const ok = await call(h.t, 'POST', 'v1/auth', {
      body: { email: ann.email, password: ann.password },
      headers: agentHeader('serial-12345678'),
    });
    expect(ok.status).toBe(200);
  });
});
