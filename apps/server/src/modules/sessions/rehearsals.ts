import type { FastifyBaseLogger } from 'fastify';
import type { SessionsConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { PubSub } from '../../platform/pubsub.ts';
import type { RoomAllocator } from '../../platform/room-allocator.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createFairUse } from './fair-use.ts';
import { createMinutes } from './minutes.ts';
import { createOpenRehearsalService } from './open-rehearsal.service.ts';
import { createPresenceRepository } from './presence.repository.ts';
import { createRehearsalRepository } from './rehearsal.repository.ts';
import { createSessionAccess } from './session-access.ts';
import { createSessionCore, type CoreDeps } from './session-core.ts';
import { createSessionPresenceService } from './session-presence.service.ts';
import { createSessionQueries } from './session-queries.ts';
import { createSessionEvents } from './sessions.events.ts';
import { createSessionNotices, registerReminderJob } from './session-notices.ts';
import { createSessionSweep, registerSessionJobs } from './sessions.jobs.ts';
import { createTestRehearsalService } from './test-rehearsal.service.ts';

/** Open and test rehearsals, wired once: app.ts holds the result, the routes and the bus call into it. */
export function createRehearsals(deps: {
  db: Db;
  allocator: RoomAllocator;
  pubsub: PubSub;
  storage: Storage;
  jobs: Jobs;
  mailer: Mailer;
  /** The web's origin (links in emails) and the From address (the calendar events' organizer). */
  mail: { publicUrl: string; from: string };
  config: SessionsConfig;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { db, allocator, storage, log, now } = deps;
  const repo = createRehearsalRepository(db);
  const presence = createPresenceRepository(db);
  const base: CoreDeps = {
    db,
    repo,
    presence,
    allocator,
    storage,
    log,
    now,
    graceMs: deps.config.emptyGraceMs,
    events: createSessionEvents({ pubsub: deps.pubsub, log }),
    minutes: createMinutes({ repo: presence, allowance: deps.config.freeMinutesPerMonth, now }),
  };
  const core = createSessionCore(base);
  const access = createSessionAccess(repo);
  const withCore = { ...base, core, access };
  registerSessionJobs(deps.jobs, createSessionSweep(withCore), deps.config.sweepIntervalMs);
  const notices = createSessionNotices({
    db,
    mailer: deps.mailer,
    log,
    now,
    publicUrl: deps.mail.publicUrl,
    mailFrom: deps.mail.from,
    loadView: core.loadView,
  });
  registerReminderJob(deps.jobs, notices, deps.config.sweepIntervalMs);
  const presenceService = createSessionPresenceService(withCore);
  return {
    open: createOpenRehearsalService({ ...withCore, notices, fairUse: createFairUse(deps.config.limits, now) }),
    test: createTestRehearsalService(withCore),
    presence: presenceService,
    queries: createSessionQueries(withCore),
    /** The bus asks before a page subscribes to `/sessions/{id}`. */
    canWatchSession: presenceService.canWatchSession,
  };
}

export type Rehearsals = ReturnType<typeof createRehearsals>;
