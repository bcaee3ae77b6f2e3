import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { musicStyles, socialNetworks } from '../reference/reference.schema.ts';

// The community: instruments, what each musician plays and likes, their links, follows and blocks. The profile's own
// columns (country, city, biography, pictures, verified) are on `accounts`.

/** Reference list, seeded by migration, in English and French. */
export const instruments = pgTable('instruments', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  rank: integer('rank').notNull(),
});

export const SKILLS = ['beginner', 'medium', 'expert'] as const;

export const accountInstruments = pgTable(
  'account_instruments',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    instrumentId: text('instrument_id')
      .notNull()
      .references(() => instruments.id),
    skill: text('skill', { enum: SKILLS }).notNull(),
    brand: text('brand'),
    model: text('model'),
    /** The order the musician gave. */
    rank: integer('rank').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.instrumentId] }),
    index('account_instruments_instrument_idx').on(t.instrumentId, t.skill),
  ],
);

export const accountMusicStyles = pgTable(
  'account_music_styles',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    styleId: text('style_id')
      .notNull()
      .references(() => musicStyles.id),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.styleId] }), index('account_music_styles_style_idx').on(t.styleId)],
);

export const accountSocialLinks = pgTable(
  'account_social_links',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    networkId: text('network_id')
      .notNull()
      .references(() => socialNetworks.id),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.rank] })],
);

/** followerId follows followedId. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    followedId: uuid('followed_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    index('follows_followed_idx').on(t.followedId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followedId}`),
  ],
);

/** blockerId blocked blockedId: both stop seeing each other. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
