import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { call, type TestApp } from './app.ts';
import type { SignedInUser } from './users.ts';

/** The authorization matrix's fixtures for the A/B tests and the onboarding checklist (authz-matrix.test.ts holds
 *  the rest). Each write acts on a test made for the call, so that no other route loses the one it reads. */
interface ExperimentsWorld {
  t: TestApp;
  admin: SignedInUser;
}
interface Request {
  params?: Record<string, string>;
  body?: unknown;
}

const newKey = () => `matrix-${randomBytes(4).toString('hex')}`;
const VARIANTS = [
  { key: 'control', weight: 1 },
  { key: 'treatment', weight: 1 },
];

const abTest = async (w: ExperimentsWorld): Promise<{ id: string; key: string }> => {
  const res = await call<{ id: string; key: string }>(w.t, 'POST', 'v1/ab-tests', {
    token: w.admin.accessToken,
    body: { key: newKey(), variants: VARIANTS },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
};

export const experimentFixtures = {
  listAbTests: async (): Promise<Request> => ({}),
  createAbTest: async (): Promise<Request> => ({ body: { key: newKey(), variants: VARIANTS } }),
  deleteAbTest: async (w: ExperimentsWorld): Promise<Request> => ({ params: { id: (await abTest(w)).id } }),
  myExperiments: async (): Promise<Request> => ({}),
  recordExposure: async (w: ExperimentsWorld): Promise<Request> => ({ body: { test: (await abTest(w)).key } }),
  onboardingChecklist: async (): Promise<Request> => ({}),
  skipOnboarding: async (): Promise<Request> => ({}),
};
