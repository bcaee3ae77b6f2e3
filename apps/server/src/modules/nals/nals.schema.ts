import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';

// Audio client (NALS) releases.

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

export type NalsVersionRow = typeof nalsVersions.$inferSelect;
