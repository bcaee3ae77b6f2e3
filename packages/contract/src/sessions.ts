import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, PageQuerySchema, PageSchema, text, UsernameSchema } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

/**
 * Rehearsal sessions, the room servers they run on, and the free-minute allowance. Open rehearsals are created by
 * any musician (public or private, now or scheduled); test rehearsals by administrators, joined by TUTTI_MU with a
 * password. Times are ISO 8601 strings in UTC.
 */

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

// ---- room quality

const Ms = z.number().min(0).max(60_000);
export const RoomMetricsBodySchema = z
  .object({ minPingInMs: Ms, maxPingInMs: Ms, averagePingInMs: Ms, sigmaPingInMs: Ms })
  .refine((m) => m.minPingInMs <= m.averagePingInMs && m.averagePingInMs <= m.maxPingInMs, {
    message: 'invalid',
    path: ['averagePingInMs'],
  });
export type RoomMetrics = z.infer<typeof RoomMetricsBodySchema>;

/** Session lists, live state, and open rehearsals. */
export const sessionEndpoints = {
  // ---- sessions: lists and live state
  listSessions: def({
    method: 'GET',
    path: 'v1/sessions',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Live sessions I may see: public ones, and private ones I organize, am invited to or play in; paged',
    query: PageQuerySchema,
    response: SessionPageSchema,
  }),
  listPublicSessions: def({
    method: 'GET',
    path: 'v1/sessions/public',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Public open rehearsals, live then scheduled, soonest first; paged',
    query: PageQuerySchema,
    response: SessionPageSchema,
  }),
  listMySessions: def({
    method: 'GET',
    path: 'v1/me/sessions',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Sessions I organize and sessions I am invited to (not ended), each paged, and my free minutes left',
    query: PageQuerySchema,
    response: MySessionsSchema,
  }),
  keepalive: def({
    method: 'POST',
    path: 'v1/sessions/{id}/keepalive',
    access: 'user',
    authz: AUTHZ.playerOnly,
    tag: 'sessions',
    summary: 'I am still playing; counts free minutes and drops me when they run out (402)',
    params: IdParamsSchema,
    response: KeepaliveResponseSchema,
  }),
  getSessionDetails: def({
    method: 'GET',
    path: 'v1/sessions/{id}/details',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'One session; a private one only for its organizer, invited and players',
    params: IdParamsSchema,
    response: SessionSchema,
  }),
  listSessionPosts: def({
    method: 'GET',
    path: 'v1/session-posts',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: "The hall's feed of public session activity, newest first; paged",
    query: PageQuerySchema,
    response: SessionPostPageSchema,
  }),

  // ---- sessions: open rehearsals
  createOpenRehearsal: def({
    method: 'POST',
    path: 'v2/open-rehearsal',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'sessions',
    summary: 'Create an open rehearsal, now or scheduled, public or private, and invite musicians (fair-use limits)',
    body: CreateOpenRehearsalBodySchema,
    response: SessionSchema,
    status: 201,
  }),
  updateOpenRehearsal: def({
    method: 'PUT',
    path: 'v1/open-rehearsal/{id}',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Edit an open rehearsal (organizer only)',
    params: IdParamsSchema,
    body: UpdateOpenRehearsalBodySchema,
    response: SessionSchema,
  }),
  setOpenRehearsalCover: def({
    method: 'PUT',
    path: 'v1/open-rehearsal/{id}/cover-picture',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Set the cover picture (organizer only): multipart field file, JPEG, PNG or WebP, resized',
    params: IdParamsSchema,
    upload: { field: 'file' },
    response: SessionSchema,
  }),
  joinOpenRehearsal: def({
    method: 'POST',
    path: 'v2/open-rehearsal/{id}/join',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Take a player slot: room address, slot, free minutes left, and the token of the quit beacon',
    params: IdParamsSchema,
    response: JoinedSessionSchema,
  }),
  inviteToOpenRehearsal: def({
    method: 'POST',
    path: 'v1/open-rehearsal/{id}/invite',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Invite musicians by username (organizer only); each sees the invitation live',
    params: IdParamsSchema,
    body: InviteBodySchema,
    response: SessionSchema,
  }),
  quitOpenRehearsal: def({
    method: 'POST',
    path: 'v1/open-rehearsal/{id}/quit',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'sessions',
    summary: 'Leave my slot (idempotent); the last one out ends the session. Accepts the beacon form',
    params: IdParamsSchema,
    body: QuitBodySchema,
    beacon: true,
    response: null,
  }),
} as const;
