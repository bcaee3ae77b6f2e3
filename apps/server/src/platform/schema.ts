import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Every instant is a timestamptz, handled as a JS Date in UTC. */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index on lower() also guards rows written by other means. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    locale: text('locale').notNull().default('en'),
    displayedUsername: text('displayed_username'),
    newsOptIn: boolean('news_opt_in').notNull().default(false),
    publicProfile: boolean('public_profile').notNull().default(true),
    validatedAt: instant('validated_at'),
    nalsToken: text('nals_token').notNull(),
    /** One-shot hint answered by GET v1/me/appstart, then cleared. */
    appStartHint: text('app_start_hint'),
    lastPingAt: instant('last_ping_at'),
    /** Last time the user fetched the audio client from the download page. */
    appDownloadedAt: instant('app_downloaded_at'),
    /** First time an audio client signed in to the broker with this account's token (the hall's setup step). */
    audioClientSeenAt: instant('audio_client_seen_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_nals_token_key').on(t.nalsToken),
    index('accounts_last_ping_at_idx').on(t.lastPingAt),
  ],
);

export const privileges = pgTable('privileges', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
});

export const accountPrivileges = pgTable(
  'account_privileges',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    privilege: text('privilege')
      .notNull()
      .references(() => privileges.name),
    grantedAt: instant('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.privilege] })],
);

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The device serial of the agent header: one row per account and serial. */
    serial: text('serial').notNull(),
    app: text('app').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('devices_account_serial_key').on(t.accountId, t.serial)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token: a database leak does not leak usable tokens. */
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when rotated; presenting it again is a replay. */
    usedAt: instant('used_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_device_idx').on(t.deviceId)],
);

export const ONE_TIME_PURPOSES = ['confirm_email', 'recover_password'] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ONE_TIME_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_account_idx').on(t.accountId),
  ],
);

// ---- reference data, seeded by migration

export const countries = pgTable('countries', {
  code: char('code', { length: 2 }).primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
});

export const socialNetworks = pgTable('social_networks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  urlPrefix: text('url_prefix').notNull(),
  rank: integer('rank').notNull(),
});

export const musicStyles = pgTable('music_styles', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  rank: integer('rank').notNull(),
});

export const musicSkills = pgTable('music_skills', {
  id: text('id').primaryKey(),
  rank: integer('rank').notNull(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
});

// ---- audio client (NALS) releases

export const nalsVersions = pgTable(
  'nals_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull(),
    releaseNotesEn: text('release_notes_en').notNull(),
    releaseNotesFr: text('release_notes_fr').notNull(),
    /** Download address per system: absolute, or relative to NALS_DOWNLOAD_BASE_URL. */
    downloadLinux: text('download_linux').notNull(),
    downloadWindows: text('download_windows').notNull(),
    downloadMac: text('download_mac').notNull(),
    /** The reference version (v1/config's nalsRefVersion); the partial index allows one at most. */
    enabled: boolean('enabled').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('nals_versions_version_key').on(t.version),
    uniqueIndex('nals_versions_one_enabled_key')
      .on(t.enabled)
      .where(sql`${t.enabled}`),
  ],
);

// ---- sessions

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

// ---- regions and room servers

export const regions = pgTable('regions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Short stable name (eu-west); unique. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const SERVER_STATUS = ['started', 'paused'] as const;

export const servers = pgTable(
  'servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** A region with servers cannot be deleted. */
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** Control address of the room server (GET /health, POST /rooms, DELETE /rooms/:id). */
    url: text('url').notNull(),
    /** Its ROOM_SECRET, sent in x-room-secret; never returned by the API. */
    secret: text('secret').notNull(),
    capacity: integer('capacity').notNull(),
    status: text('status', { enum: SERVER_STATUS }).notNull().default('paused'),
    lastHealthAt: instant('last_health_at'),
    lastHealthOk: boolean('last_health_ok'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('servers_url_key').on(t.url)],
);

// ---- rehearsal sessions

export const SESSION_KIND = ['open', 'test'] as const;

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: SESSION_KIND }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    public: boolean('public').notNull().default(true),
    /** Stored file name under the uploads folder; served at /uploads/<name>. */
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

// ---- subscriptions: filled by the subscriptions issue; sessions only read whether one is active

export const SUBSCRIPTION_STATUS = ['trialing', 'active', 'canceled', 'expired'] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUS }).notNull(),
    /** Active (or trialing) until this instant. */
    currentPeriodEnd: instant('current_period_end').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_account_idx').on(t.accountId)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type NalsVersionRow = typeof nalsVersions.$inferSelect;
export type SelfcheckRow = typeof selfchecks.$inferSelect;
export type RegionRow = typeof regions.$inferSelect;
export type ServerRow = typeof servers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type SessionPlayerRow = typeof sessionPlayers.$inferSelect;
export type SessionInvitationRow = typeof sessionInvitations.$inferSelect;
export type SessionPostRow = typeof sessionPosts.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
