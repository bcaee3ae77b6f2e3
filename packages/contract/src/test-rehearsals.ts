import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';
import {
  JoinedSessionSchema,
  QuitBodySchema,
  RoomMetricsBodySchema,
  SessionDescriptionSchema,
  SessionNameSchema,
  SessionSchema,
  TEST_REHEARSAL_PASSWORD_MAX,
} from './sessions.ts';

/** Test rehearsals: created by administrators, joined with a password by TUTTI_MU accounts. */
export const CreateTestRehearsalBodySchema = z.object({
  name: SessionNameSchema,
  description: SessionDescriptionSchema.optional(),
  password: text({ error: 'required' }).min(1, code('required')).max(TEST_REHEARSAL_PASSWORD_MAX, code('too_long')),
});
export const JoinTestRehearsalBodySchema = z.object({
  password: text({ error: 'required' }).min(1, code('required')).max(TEST_REHEARSAL_PASSWORD_MAX, code('too_long')),
});

/** The test rehearsals' routes. */
export const testRehearsalEndpoints = {
  // ---- sessions: test rehearsals
  listTestRehearsals: def({
    method: 'GET',
    path: 'v1/test-rehearsal',
    access: 'tester',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Test rehearsals that have not ended',
    response: z.array(SessionSchema),
  }),
  createTestRehearsal: def({
    audit: 'testRehearsal.create',
    method: 'POST',
    path: 'v1/test-rehearsal',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Create a password-protected test rehearsal',
    body: CreateTestRehearsalBodySchema,
    response: SessionSchema,
    status: 201,
  }),
  deleteTestRehearsal: def({
    audit: 'testRehearsal.delete',
    method: 'DELETE',
    path: 'v1/test-rehearsal/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'End a test rehearsal and close its room',
    params: IdParamsSchema,
    response: null,
  }),
  joinTestRehearsal: def({
    method: 'POST',
    path: 'v1/test-rehearsal/{id}/join',
    access: 'tester',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Join a test rehearsal with its password',
    params: IdParamsSchema,
    body: JoinTestRehearsalBodySchema,
    response: JoinedSessionSchema,
  }),
  quitTestRehearsal: def({
    method: 'POST',
    path: 'v1/test-rehearsal/{id}/quit',
    access: 'tester',
    authz: AUTHZ.admins,
    tag: 'sessions',
    summary: 'Leave a test rehearsal (idempotent). Accepts the beacon form',
    params: IdParamsSchema,
    body: QuitBodySchema,
    beacon: true,
    response: null,
  }),
  postRoomMetrics: def({
    method: 'POST',
    path: 'v1/rooms/{id}/metrics',
    access: 'user',
    authz: AUTHZ.playerOnly,
    tag: 'sessions',
    summary: 'Room quality report of my audio client over the last 30 pings',
    params: IdParamsSchema,
    body: RoomMetricsBodySchema,
    response: null,
  }),
} as const;
