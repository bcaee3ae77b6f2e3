import { boolean, doublePrecision, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';

// Regions and the room servers sessions run on.

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

export type RegionRow = typeof regions.$inferSelect;
export type ServerRow = typeof servers.$inferSelect;
