import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';

/**
 * The hall's content (issue 14, point 3): news and blog posts share one table (same fields, same life: drafts,
 * published, deleted), told apart by `kind`; banners have their own. Titles and bodies are stored as the
 * administrator wrote them (Markdown); the rendering happens as they are read (docs/decisions/0037).
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ArticleKind>().notNull(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyFr: text('body_fr').notNull(),
    /** Null while a draft; kept when taken back and published again (readers see its first date). */
    publishedAt: instant('published_at'),
    published: boolean('published').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('articles_kind', sql`${t.kind} in ('news', 'blog')`),
    index('articles_kind_created_idx').on(t.kind, t.createdAt.desc()),
    index('articles_kind_published_idx')
      .on(t.kind, t.publishedAt.desc())
      .where(sql`${t.published}`),
  ],
);

export type ArticleKind = 'news' | 'blog';
export type ArticleRow = typeof articles.$inferSelect;

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rank: integer('rank').notNull(),
    link: text('link').notNull(),
    /** Storage keys (platform/storage), never URLs. */
    smallKey: text('small_key').notNull(),
    largeKey: text('large_key'),
    /** The picture's alternative text (issue 29 point 6); null: none written in that language. */
    altEn: text('alt_en'),
    altFr: text('alt_fr'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('banners_rank_idx').on(t.rank, t.createdAt)],
);

export type BannerRow = typeof banners.$inferSelect;
