import { char, integer, pgTable, text } from 'drizzle-orm/pg-core';

// Reference data, seeded by migration.

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
