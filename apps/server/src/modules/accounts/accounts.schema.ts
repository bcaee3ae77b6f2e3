import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONNECTION_TYPES } from '@tutti/contract/community';
import { instant } from '../../platform/schema-columns.ts';
import { cities } from '../places/places.schema.ts';

// Accounts, their privileges, devices, refresh tokens and one-time tokens.

/** Who asked an account's deletion (accounts.deletion_by). */
export type AccountDeletionBy = 'self' | 'admin';

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
    /** Emails about private messages left unread (modules/messages); on by default. */
    messageEmails: boolean('message_emails').notNull().default(true),
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
    /** When the musician skipped the onboarding screen (modules/onboarding); null: never. */
    onboardingSkippedAt: instant('onboarding_skipped_at'),
    // ---- the profile (community): see modules/community
    /** ISO 3166 alpha-2; the city's country when a city is set. */
    countryCode: char('country_code', { length: 2 }),
    /** A GeoNames city (modules/places): where the musician plays from, for "musicians around you". */
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    biography: text('biography'),
    /** Storage keys (platform/storage); null: the default avatar, no cover. */
    profilePicture: text('profile_picture'),
    coverPicture: text('cover_picture'),
    /** How the musician reaches the internet (SPEC section 9); null: not told. The self-check's advice reads it. */
    connectionType: text('connection_type', { enum: CONNECTION_TYPES }),
    /** Set by an administrator: the profile shows a verified badge. */
    verified: boolean('verified').notNull().default(false),
    /** Accent-free lower-case names, for search (places_normalize, migration 0011; trigram-indexed). */
    searchNames: text('search_names').generatedAlwaysAs(
      sql`places_normalize(username || ' ' || coalesce(displayed_username, ''))`,
    ),
    /** Accent-free lower-case names of the city (English, French, region), written with the city. */
    searchPlace: text('search_place'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** When the account's deletion was asked (by the musician or an administrator): hidden everywhere from then on,
     *  signing in again within ACCOUNT_DELETION_GRACE_DAYS undoes it, after that the erasure job removes it
     *  (docs/privacy.md). */
    deletionRequestedAt: instant('deletion_requested_at'),
    /** Who asked the deletion: 'self' (the owner, who may keep the account by signing in within the grace period) or
     *  'admin' (final for the owner: their sign-in is refused as if the account were erased; docs/privacy.md). */
    deletionBy: text('deletion_by').$type<AccountDeletionBy>(),
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_nals_token_key').on(t.nalsToken),
    index('accounts_last_ping_at_idx').on(t.lastPingAt),
    // Search (modules/community/community.finder.ts): trigram similarity on accent-free text.
    index('accounts_search_names_trgm_idx').using('gin', t.searchNames.op('gin_trgm_ops')),
    index('accounts_search_place_trgm_idx').using('gin', t.searchPlace.op('gin_trgm_ops')),
    index('accounts_country_code_idx').on(t.countryCode),
    index('accounts_city_id_idx').on(t.cityId),
    index('accounts_deletion_requested_at_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} IS NOT NULL`),
    check('accounts_deletion_by', sql`${t.deletionBy} in ('self', 'admin')`),
    // The contract's list: a new type is a new migration (null passes, as SQL checks let it).
    check(
      'accounts_connection_type',
      sql`${t.connectionType} in (${sql.raw(CONNECTION_TYPES.map((c) => `'${c}'`).join(', '))})`,
    ),
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
    /** The administrator who granted it (the accounts administration); null: the server's own (every account's
     *  CORE_GUEST, and what ADMIN_EMAILS and TESTER_EMAILS give, which the lists alone add and remove). */
    grantedBy: uuid('granted_by'),
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

export type AccountRow = typeof accounts.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
