import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { servers } from '../servers/servers.schema.ts';

// Rehearsal sessions, their rooms, players, invitations, posts and room metrics, and the self-check echo rooms.

/** An echo room opened on the room server for one user's self-check. */
export const selfchecks = pgTable(
  'selfchecks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roomId: text('room_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    closedAt: instant('closed_at'),
  },
  (t) => [index('selfchecks_account_idx').on(t.accountId)],
);

export const SESSION_KIND = ['open', 'test'] as const;

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: SESSION_KIND }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    public: boolean('public').notNull().default(true),
    /** Storage key of the cover (platform/storage), shown at the storage's public URL for it. */
    coverPicture: text('cover_picture'),
    /** Test rehearsals: argon2id hash of their password. */
    passwordHash: text('password_hash'),
    /** Null for test rehearsals an administrator created and later deleted their account. */
    organizerId: uuid('organizer_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The creation time for a session started now. */
    startsAt: instant('starts_at').notNull(),
    /** IANA zone of the organizer's browser at creation (region choice, reminders). */
    timeZone: text('time_zone'),
    maxPlayers: integer('max_players').notNull(),
    runningSince: instant('running_since'),
    /** Ended or cancelled (a cancelled session is ended too, so every "not ended" list leaves it out). */
    endedAt: instant('ended_at'),
    /** Set with endedAt when the organizer cancelled it before its start. */
    cancelledAt: instant('cancelled_at'),
    /** A live open session everyone left: since when; it ends a grace period later unless someone comes back. */
    emptySince: instant('empty_since'),
    /** The SEQUENCE of its calendar invitation (RFC 5545): bumped when its start changes or it is cancelled. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** When its reminder email went out (a scheduled session, 15 minutes before the start); null until then, and
     *  again when the start moves. */
    remindedAt: instant('reminded_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sessions_live_idx')
      .on(t.startsAt)
      .where(sql`${t.endedAt} IS NULL`),
    index('sessions_organizer_idx').on(t.organizerId),
  ],
);

/** The room a session plays in, on one room server. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** Null once its server was removed (only possible when the room is closed). */
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
    /** The room server's own id of the room: `connect`'s charge. */
    remoteId: text('remote_id').notNull(),
    ip: text('ip').notNull(),
    port: integer('port').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    closedAt: instant('closed_at'),
  },
  (t) => [
    uniqueIndex('rooms_one_open_per_session_key')
      .on(t.sessionId)
      .where(sql`${t.closedAt} IS NULL`),
    index('rooms_server_idx').on(t.serverId),
  ],
);

export const LEAVE_REASONS = ['quit', 'timeout', 'minutes', 'ended'] as const;

/** One row per join: who played in which slot, from when to when (free minutes are counted from these rows). */
export const sessionPlayers = pgTable(
  'session_players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    slot: integer('slot').notNull(),
    joinedAt: instant('joined_at').notNull(),
    lastKeepaliveAt: instant('last_keepalive_at').notNull(),
    leftAt: instant('left_at'),
    leaveReason: text('leave_reason', { enum: LEAVE_REASONS }),
    /** sha256 of the token that authenticates this join's quit beacon. */
    leaveTokenHash: text('leave_token_hash').notNull(),
  },
  (t) => [
    uniqueIndex('session_players_slot_key')
      .on(t.sessionId, t.slot)
      .where(sql`${t.leftAt} IS NULL`),
    uniqueIndex('session_players_present_key')
      .on(t.sessionId, t.accountId)
      .where(sql`${t.leftAt} IS NULL`),
    index('session_players_account_joined_idx').on(t.accountId, t.joinedAt),
    uniqueIndex('session_players_leave_token_key').on(t.leaveTokenHash),
  ],
);

export const sessionInvitations = pgTable(
  'session_invitations',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invitedById: uuid('invited_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    invitedAt: instant('invited_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.accountId] }),
    index('session_invitations_account_idx').on(t.accountId),
  ],
);

export const SESSION_POST_KIND = ['created', 'scheduled', 'joined', 'ended'] as const;

/** The hall's feed: activity of public sessions. */
export const sessionPosts = pgTable(
  'session_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SESSION_POST_KIND }).notNull(),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('session_posts_created_idx').on(t.createdAt)],
);

export const roomMetrics = pgTable(
  'room_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    minPingMs: doublePrecision('min_ping_ms').notNull(),
    maxPingMs: doublePrecision('max_ping_ms').notNull(),
    averagePingMs: doublePrecision('average_ping_ms').notNull(),
    sigmaPingMs: doublePrecision('sigma_ping_ms').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('room_metrics_room_idx').on(t.roomId, t.createdAt)],
);

export type SelfcheckRow = typeof selfchecks.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type SessionPlayerRow = typeof sessionPlayers.$inferSelect;
export type SessionInvitationRow = typeof sessionInvitations.$inferSelect;
export type SessionPostRow = typeof sessionPosts.$inferSelect;
