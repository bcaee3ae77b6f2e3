import type { AccountSegments } from '@tutti/contract/account-admin';
import type { AuditPage } from '@tutti/contract/audit';
import type { AbTest, MyExperiments } from '@tutti/contract/experiments';
import { describe, expect, it } from 'vitest';
import { assignVariant } from '../src/modules/experiments/assignment.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { newAdmin, sessionsSuite, UNKNOWN_ID, type ErrorJson } from './support/sessions.ts';
import { createUser } from './support/users.ts';

describe.each(databases())('A/B tests on $name', (database) => {
  const {
    h,
    users: [admin, ann, bob],
  } = sessionsSuite(database, [newAdmin, createUser, createUser], { METRICS_OPEN: 'true' });

  const list = async () => {
    const res = await call<AbTest[]>(h.t, 'GET', 'v1/ab-tests', { token: admin.accessToken });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const create = (body: unknown) =>
    call<AbTest & ErrorJson>(h.t, 'POST', 'v1/ab-tests', { token: admin.accessToken, body });
  const mine = async (token: string) => {
    const res = await call<MyExperiments>(h.t, 'GET', 'v1/me/experiments', { token });
    expect(res.status, res.text).toBe(200);
    return res.json.experiments;
  };
  const expose = (token: string, test: string) =>
    call<ErrorJson>(h.t, 'POST', 'v1/me/experiments/exposures', { token, body: { test } });

  it('runs the onboarding experiment from the start, half and half', async () => {
    const onboarding = (await list()).find((t) => t.key === 'onboarding-step-order');
    expect(onboarding).toMatchObject({
      status: 'running',
      variants: [
        { key: 'selfcheck-first', weight: 1 },
        { key: 'profile-first', weight: 1 },
      ],
    });
  });

  it('creates a test, refuses its key twice and bad input with field errors, and audits the creation', async () => {
    const body = {
      key: 'hall-banner',
      variants: [
        { key: 'control', weight: 70 },
        { key: 'bold', weight: 30 },
      ],
    };
    const created = await create(body);
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      key: 'hall-banner',
      status: 'running',
      srm: { pValue: null, mismatch: false },
    });
    expect(created.json.variants).toEqual([
      { key: 'control', weight: 70, assignments: 0, exposures: 0 },
      { key: 'bold', weight: 30, assignments: 0, exposures: 0 },
    ]);
    const twice = await create(body);
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe('AB_TEST_EXISTS');

    const cases: [unknown, string, string][] = [
      [{ key: 'x y', variants: body.variants }, 'key', 'invalid_characters'],
      [{ key: 'solo', variants: [{ key: 'only', weight: 1 }] }, 'variants', 'invalid'],
      [
        {
          key: 'twins',
          variants: [
            { key: 'a', weight: 1 },
            { key: 'a', weight: 2 },
          ],
        },
        'variants',
        'duplicate',
      ],
      [
        {
          key: 'zero',
          variants: [
            { key: 'a', weight: 0 },
            { key: 'b', weight: 1 },
          ],
        },
        'variants.0.weight',
        'invalid',
      ],
      [
        {
          key: 'frac',
          variants: [
            { key: 'a', weight: 0.5 },
            { key: 'b', weight: 1 },
          ],
        },
        'variants.0.weight',
        'invalid',
      ],
    ];
    for (const [bad, field, code] of cases) {
      const res = await create(bad);
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.fields?.[field], JSON.stringify(res.json)).toBe(code);
    }

    const log = await call<AuditPage>(h.t, 'GET', 'v1/audit-log', { token: admin.accessToken });
    expect(log.json.items[0]).toMatchObject({
      action: 'abTest.create',
      actor: { id: admin.id },
      details: { test: 'hall-banner', status: 'running' },
    });
  });

  it("gives each musician the variant GrowthBook's hashing computes, the same on every call and device", async () => {
    const tests = await list();
    for (const user of [ann, bob]) {
      const first = await mine(user.accessToken);
      expect(await mine(user.accessToken)).toEqual(first);
      for (const test of tests.filter((t) => t.status === 'running')) {
        const expected = assignVariant(user.id, test.key, test.variants);
        expect(first).toContainEqual({ test: test.key, variant: expected });
      }
    }
    // Both musicians asked: each running test counts two assignments, none exposed yet.
    const onboarding = (await list()).find((t) => t.key === 'onboarding-step-order');
    expect(onboarding?.variants.reduce((n, v) => n + v.assignments, 0)).toBe(2);
    expect(onboarding?.variants.reduce((n, v) => n + v.exposures, 0)).toBe(0);
  });

  it('counts a first exposure once, in the list and in /metrics, and refuses an unknown test', async () => {
    const variant = (await mine(ann.accessToken)).find((e) => e.test === 'onboarding-step-order')?.variant;
    expect((await expose(ann.accessToken, 'onboarding-step-order')).status).toBe(204);
    expect((await expose(ann.accessToken, 'onboarding-step-order')).status).toBe(204);
    const onboarding = (await list()).find((t) => t.key === 'onboarding-step-order');
    expect(onboarding?.variants.find((v) => v.key === variant)?.exposures).toBe(1);
    expect(onboarding?.srm.pValue).not.toBeNull();

    const metrics = await h.t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(
      new RegExp(`tutti_experiment_exposures_total\\{test="onboarding-step-order",variant="${variant}"\\} [1-9]`),
    );

    const unknown = await expose(ann.accessToken, 'no-such-test');
    expect(unknown.status).toBe(404);
  });

  it("lists the account's variants in its segments", async () => {
    const res = await call<AccountSegments>(h.t, 'GET', `v1/accounts/${bob.id}/segments`, {
      token: admin.accessToken,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.experiments).toContainEqual({
      test: 'onboarding-step-order',
      variant: assignVariant(bob.id, 'onboarding-step-order', [
        { key: 'selfcheck-first', weight: 1 },
        { key: 'profile-first', weight: 1 },
      ]),
    });
  });

  it('deletes a test with its counts, audited; a second delete is a 404, a musician cannot', async () => {
    const created = await create({
      key: 'to-delete',
      variants: [
        { key: 'a', weight: 1 },
        { key: 'b', weight: 1 },
      ],
    });
    await mine(ann.accessToken);
    expect((await call(h.t, 'DELETE', `v1/ab-tests/${created.json.id}`, { token: ann.accessToken })).status).toBe(403);
    expect((await call(h.t, 'DELETE', `v1/ab-tests/${created.json.id}`, { token: admin.accessToken })).status).toBe(
      204,
    );
    expect((await list()).some((t) => t.key === 'to-delete')).toBe(false);
    expect((await mine(ann.accessToken)).some((e) => e.test === 'to-delete')).toBe(false);
    expect((await call(h.t, 'DELETE', `v1/ab-tests/${created.json.id}`, { token: admin.accessToken })).status).toBe(
      404,
    );
    expect((await call(h.t, 'DELETE', `v1/ab-tests/${UNKNOWN_ID}`, { token: admin.accessToken })).status).toBe(404);
    const log = await call<AuditPage>(h.t, 'GET', 'v1/audit-log', { token: admin.accessToken });
    expect(log.json.items[0]).toMatchObject({ action: 'abTest.delete', details: { test: 'to-delete' } });
  });

  it('assigns nothing for a stopped test', async () => {
    const stopped = await create({
      key: 'stopped-one',
      status: 'stopped',
      variants: [
        { key: 'a', weight: 1 },
        { key: 'b', weight: 1 },
      ],
    });
    expect(stopped.status, stopped.text).toBe(201);
    expect((await mine(bob.accessToken)).some((e) => e.test === 'stopped-one')).toBe(false);
    expect((await expose(bob.accessToken, 'stopped-one')).status).toBe(404);
  });
});
