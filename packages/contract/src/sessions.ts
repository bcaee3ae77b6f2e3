import { z } from 'zod';
import type { FieldErrorCode } from './errors.ts';
import { PageSchema, TEXT_PATTERN, text, UsernameSchema } from './common.ts';

/**
 * Rehearsal sessions, the room servers they run on, and the free-minute allowance. Open rehearsals are created by
 * any musician (public or private, now or scheduled); test rehearsals by administrators, joined by TUTTI_MU with a
 * password. Times are ISO 8601 strings in UTC.
 */

const code = (c: FieldErrorCode) => ({ message: c });

export const SESSION_NAME_MAX = 80;
export const SESSION_DESCRIPTION_MAX = 1000;
/** Players in one rehearsal room (slots 0 to 7). */
export const SESSION_MAX_PLAYERS = 8;
/** Usernames one invite call (or a creation) may carry. */
export const SESSION_INVITES_MAX = 20;
/** A scheduled session starts at most this far ahead. */
export const SESSION_SCHEDULE_MAX_DAYS = 365;
/** The page sends a keepalive this often while it is in a session. */
export const SESSION_KEEPALIVE_INTERVAL_MS = 30_000;
/** A player without keepalive for this long is dropped; a session left with nobody ends. */
export const SESSION_KEEPALIVE_TIMEOUT_MS = 90_000;
/** A session nobody joined ends this long after its start time. */
export const SESSION_EMPTY_TIMEOUT_MS = 15 * 60_000;
/** A session everyone left stays open this long for anyone allowed to come back, and an ended one may be restarted by
 *  its organizer for as long after its end (SESSION_EMPTY_GRACE_MS overrides it; docs/decisions/0022). */
export const DEFAULT_SESSION_EMPTY_GRACE_MS = 10 * 60_000;
/** Open-rehearsal minutes per calendar month (UTC) without a subscription; FREE_MINUTES_PER_MONTH overrides it. */
export const DEFAULT_FREE_MINUTES_PER_MONTH = 120;
/** Room quality: ping samples in the rolling window; a report is posted each time it is full. */
export const PING_WINDOW_SIZE = 30;
export const TEST_REHEARSAL_PASSWORD_MAX = 100;

export const SESSION_KINDS = ['open', 'test'] as const;
export const SessionKindSchema = z.enum(SESSION_KINDS);
export type SessionKind = z.infer<typeof SessionKindSchema>;

/** scheduled: before its start time; live: joinable (possibly empty, for a grace period); ended: the organizer ended
 *  it, or it stayed empty past its grace period, or it was deleted; cancelled: the organizer cancelled it before it
 *  started. */
export const SESSION_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

/** A musician as sessions show them. */
export const MusicianRefSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    displayedUsername: z.string(),
    /** Null: the default avatar. */
    profilePicture: z.string().nullable(),
  })
  .meta({ id: 'MusicianRef' });
export type MusicianRef = z.infer<typeof MusicianRefSchema>;

export const SessionPlayerSchema = z.object({
  musician: MusicianRefSchema,
  /** The player slot in the room (`connect`'s player, and the index of set_slot_* actions). */
  slot: z
    .number()
    .int()
    .min(0)
    .max(SESSION_MAX_PLAYERS - 1),
  joinedAt: z.string(),
});
export type SessionPlayer = z.infer<typeof SessionPlayerSchema>;

export const SessionInvitationSchema = z.object({
  musician: MusicianRefSchema,
  invitedAt: z.string(),
  invitedBy: MusicianRefSchema,
});
export type SessionInvitation = z.infer<typeof SessionInvitationSchema>;

export const SessionSchema = z
  .object({
    id: z.uuid(),
    kind: SessionKindSchema,
    name: z.string(),
    description: z.string().nullable(),
    public: z.boolean(),
    /** Site-relative URL of the resized cover, or null. */
    coverPicture: z.string().nullable(),
    /** Creation time for a session started now. */
    startsAt: z.string(),
    status: SessionStatusSchema,
    /** When the first musician joined; null until then. */
    runningSince: z.string().nullable(),
    /** Ended or cancelled at. */
    endedAt: z.string().nullable(),
    /** A live session everyone left: when it ends unless someone comes back; null otherwise. */
    closesAt: z.string().nullable(),
    /** An ended session: until when its organizer may restart it; null otherwise. */
    restartableUntil: z.string().nullable(),
    /** The SEQUENCE of its calendar event (packages/contract/src/calendar.ts): bumped when the start changes or it
     *  is cancelled, so "Add to calendar" updates what an invitation email put in a calendar. */
    calendarSequence: z.number().int().min(0),
    createdAt: z.string(),
    organizer: MusicianRefSchema.nullable(),
    maxPlayers: z.number().int(),
    players: z.array(SessionPlayerSchema),
    /** Visible to the organizer, the invited and the players; empty for anyone else. */
    invited: z.array(SessionInvitationSchema),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof SessionSchema>;

export const SessionNameSchema = text({ error: 'required' })
  .trim()
  .min(1, code('required'))
  .max(SESSION_NAME_MAX, code('too_long'));
export const SessionDescriptionSchema = text({ multiline: true }).trim().max(SESSION_DESCRIPTION_MAX, code('too_long'));
const FutureInstantSchema = z.iso
  .datetime({ offset: true, message: 'invalid' })
  .refine((s) => new Date(s).getTime() > Date.now() - 60_000, code('in_the_past'))
  .refine((s) => new Date(s).getTime() < Date.now() + SESSION_SCHEDULE_MAX_DAYS * 86_400_000, code('too_far'));
const InviteListSchema = z.array(UsernameSchema).max(SESSION_INVITES_MAX, code('too_many'));
/** IANA time zone of the organizer's browser: where they are, for the choice of a region. */
const TimeZoneSchema = text().min(1).max(64);

export const CreateOpenRehearsalBodySchema = z.object({
  name: SessionNameSchema,
  description: SessionDescriptionSchema.optional(),
  public: z.boolean(),
  /** Absent: now. */
  startsAt: FutureInstantSchema.optional(),
  invite: InviteListSchema.optional(),
  timeZone: TimeZoneSchema.optional(),
});
export type CreateOpenRehearsalBody = z.infer<typeof CreateOpenRehearsalBodySchema>;

/** What the organizer may make of a session's state: start a scheduled one now, cancel a scheduled one, end a live
 *  one, restart an ended one within its grace period. */
export const SESSION_TRANSITIONS = ['live', 'ended', 'cancelled'] as const;

/** Only what is sent changes; description null clears it. startsAt only while the session is still scheduled.
 *  `status` changes the state (SESSION_TRANSITIONS), alone or with the other fields. */
export const UpdateOpenRehearsalBodySchema = z.object({
  name: SessionNameSchema.optional(),
  description: SessionDescriptionSchema.nullable().optional(),
  public: z.boolean().optional(),
  startsAt: FutureInstantSchema.optional(),
  status: z.enum(SESSION_TRANSITIONS, { error: () => 'invalid' }).optional(),
});
export type UpdateOpenRehearsalBody = z.infer<typeof UpdateOpenRehearsalBodySchema>;

export const InviteBodySchema = z.object({
  usernames: InviteListSchema.min(1, code('required')),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** Where the audio client goes: `connect {ip, port, player: slot, charge}`. */
export const RoomTicketSchema = z
  .object({
    /** Id of the room for v1/rooms/{id}/metrics. */
    id: z.uuid(),
    ip: z.string(),
    port: z.number().int().min(1).max(65535),
    /** The room ticket of this join (room, slot, account, expiry, signed for the room server; room.ts). */
    charge: z.string(),
  })
  .meta({ id: 'RoomTicket' });
export type RoomTicket = z.infer<typeof RoomTicketSchema>;

export const JoinedSessionSchema = z
  .object({
    session: SessionSchema,
    room: RoomTicketSchema,
    slot: z
      .number()
      .int()
      .min(0)
      .max(SESSION_MAX_PLAYERS - 1),
    /** Open-rehearsal minutes left this month; null when subscribed (no limit) or in a test rehearsal. */
    remainingMinutes: z.number().int().min(0).nullable(),
    /** Authenticates the quit beacon of this join (sendBeacon carries no Authorization header). */
    leaveToken: z.string(),
  })
  .meta({ id: 'JoinedSession' });
export type JoinedSession = z.infer<typeof JoinedSessionSchema>;

/** Either the Authorization header or this body (sent as text/plain by navigator.sendBeacon). */
export const QuitBodySchema = z.object({ leaveToken: text().min(1).max(200).optional() });
export type QuitBody = z.infer<typeof QuitBodySchema>;

export const KeepaliveResponseSchema = z
  .object({
    remainingMinutes: z.number().int().min(0).nullable(),
    session: SessionSchema,
  })
  .meta({ id: 'Keepalive' });
export type KeepaliveResponse = z.infer<typeof KeepaliveResponseSchema>;

export const SessionPageSchema = PageSchema(SessionSchema).meta({ id: 'SessionPage' });
export type SessionPage = z.infer<typeof SessionPageSchema>;

/** `p` and `size` page both lists at once: page 2 is the second page of each. */
export const MySessionsSchema = z
  .object({
    /** Sessions I organize that have not ended, soonest first. */
    organized: SessionPageSchema,
    /** Sessions I am invited to that have not ended, soonest first. */
    invited: SessionPageSchema,
    /** Free minutes left this month; null when subscribed. */
    remainingMinutes: z.number().int().min(0).nullable(),
  })
  .meta({ id: 'MySessions' });
export type MySessions = z.infer<typeof MySessionsSchema>;

export const SESSION_POST_KINDS = ['created', 'scheduled', 'joined', 'ended'] as const;
export const SessionPostSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(SESSION_POST_KINDS),
    at: z.string(),
    actor: MusicianRefSchema.nullable(),
    session: z.object({
      id: z.uuid(),
      name: z.string(),
      coverPicture: z.string().nullable(),
      status: SessionStatusSchema,
    }),
  })
  .meta({ id: 'SessionPost' });
export type SessionPost = z.infer<typeof SessionPostSchema>;
export const SessionPostPageSchema = PageSchema(SessionPostSchema).meta({ id: 'SessionPostPage' });
export type SessionPostPage = z.infer<typeof SessionPostPageSchema>;

// ---- test rehearsals

export const CreateTestRehearsalBodySchema = z.object({
  name: SessionNameSchema,
  description: SessionDescriptionSchema.optional(),
  password: text({ error: 'required' }).min(1, code('required')).max(TEST_REHEARSAL_PASSWORD_MAX, code('too_long')),
});
export const JoinTestRehearsalBodySchema = z.object({
  password: text({ error: 'required' }).min(1, code('required')).max(TEST_REHEARSAL_PASSWORD_MAX, code('too_long')),
});

// ---- room quality

const Ms = z.number().min(0).max(60_000);
export const RoomMetricsBodySchema = z
  .object({ minPingInMs: Ms, maxPingInMs: Ms, averagePingInMs: Ms, sigmaPingInMs: Ms })
  .refine((m) => m.minPingInMs <= m.averagePingInMs && m.averagePingInMs <= m.maxPingInMs, {
    message: 'invalid',
    path: ['averagePingInMs'],
  });
export type RoomMetrics = z.infer<typeof RoomMetricsBodySchema>;

// ---- regions, providers, servers (administrators)

/** Missing: required; present but of the wrong type or format: invalid. */
const requiredOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : 'invalid'),
};

export const RegionSchema = z
  .object({
    id: z.uuid(),
    /** Short stable name, e.g. eu-west. */
    code: z.string(),
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof RegionSchema>;
export const CreateRegionBodySchema = z.object({
  code: text({ error: 'required' })
    .min(2, code('invalid'))
    .max(32, code('too_long'))
    .regex(/^[a-z0-9-]+$/, code('invalid')),
  name: text({ error: 'required' }).trim().min(1, code('required')).max(80, code('too_long')),
  latitude: z.number(requiredOrInvalid).min(-90, code('invalid')).max(90, code('invalid')),
  longitude: z.number(requiredOrInvalid).min(-180, code('invalid')).max(180, code('invalid')),
});

export const PROVIDERS = ['self-hosted', 'ovh', 'scaleway', 'hetzner', 'aws'] as const;
export const ProviderIdSchema = z.enum(PROVIDERS, { error: () => 'invalid' });
export const ProviderSchema = z.object({ id: ProviderIdSchema, name: z.string() }).meta({ id: 'Provider' });
export type Provider = z.infer<typeof ProviderSchema>;

export const SERVER_STATUSES = ['started', 'paused'] as const;
export const ServerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    regionId: z.uuid(),
    provider: ProviderIdSchema,
    /** The room server's control address (its /health and /rooms). */
    url: z.string(),
    /** Players it takes at once across its rooms. */
    capacity: z.number().int(),
    status: z.enum(SERVER_STATUSES),
    /** Players present in its open rooms (a room takes a slot of its server per player who joins, not its
     *  maxPlayers up front); the server is full when load reaches capacity. */
    load: z.number().int(),
    lastHealthAt: z.string().nullable(),
    lastHealthOk: z.boolean().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Server' });
export type Server = z.infer<typeof ServerSchema>;
export const CreateServerBodySchema = z.object({
  name: text({ error: 'required' }).trim().min(1, code('required')).max(80, code('too_long')),
  regionId: z.uuid(requiredOrInvalid),
  provider: ProviderIdSchema,
  url: z.url(code('invalid')).regex(TEXT_PATTERN, code('invalid_characters')).max(300, code('too_long')),
  /** The room server's ROOM_SECRET; never returned. */
  secret: text({ error: 'required' }).min(16, code('invalid')).max(200, code('too_long')),
  capacity: z.number(requiredOrInvalid).int(code('invalid')).min(1, code('invalid')).max(10_000, code('invalid')),
});

export const ServerHealthSchema = z
  .object({
    ok: z.boolean(),
    checkedAt: z.string(),
    /** The room server's own report when it answered. */
    report: z
      .object({ rooms: z.number().int(), players: z.number().int(), uptimeSec: z.number(), cpu: z.number() })
      .nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ServerHealth' });
export type ServerHealth = z.infer<typeof ServerHealthSchema>;
