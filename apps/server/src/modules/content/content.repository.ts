import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { articles, banners, type ArticleKind, type ArticleRow, type BannerRow } from './content.schema.ts';

export type NewArticle = Pick<ArticleRow, 'titleEn' | 'titleFr' | 'bodyEn' | 'bodyFr'>;

/** The content tables' queries; writes take the transaction their audit entry is written in. */
export function createContentRepository(db: Db) {
  const published = (kind: ArticleKind) => and(eq(articles.kind, kind), eq(articles.published, true));
  return {
    async listArticles(kind: ArticleKind, page: { p: number; size: number }, onlyPublished: boolean) {
      const where = onlyPublished ? published(kind) : eq(articles.kind, kind);
      const order = onlyPublished
        ? [desc(articles.publishedAt), desc(articles.id)]
        : [desc(articles.createdAt), desc(articles.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(articles)
          .where(where)
          .orderBy(...order)
          .limit(page.size)
          .offset((page.p - 1) * page.size),
        db.select({ n: count() }).from(articles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findArticle(q: Db, kind: ArticleKind, id: string): Promise<ArticleRow | undefined> {
      const [row] = await q
        .select()
        .from(articles)
        .where(and(eq(articles.kind, kind), eq(articles.id, id)))
        .limit(1);
      return row;
    },

    async insertArticle(q: Db, kind: ArticleKind, values: NewArticle, at: Date): Promise<ArticleRow> {
      const [row] = await q
        .insert(articles)
        .values({ ...values, kind, createdAt: at, updatedAt: at })
        .returning();
      if (!row) throw new Error('article not inserted');
      return row;
    },

    async updateArticle(
      q: Db,
      kind: ArticleKind,
      id: string,
      values: Partial<NewArticle & Pick<ArticleRow, 'published' | 'publishedAt'>>,
      at: Date,
    ): Promise<ArticleRow | undefined> {
      const [row] = await q
        .update(articles)
        .set({ ...values, updatedAt: at })
        .where(and(eq(articles.kind, kind), eq(articles.id, id)))
        .returning();
      return row;
    },

    async deleteArticle(q: Db, kind: ArticleKind, id: string): Promise<ArticleRow | undefined> {
      const [row] = await q
        .delete(articles)
        .where(and(eq(articles.kind, kind), eq(articles.id, id)))
        .returning();
      return row;
    },

    listBanners(): Promise<BannerRow[]> {
      return db.select().from(banners).orderBy(asc(banners.rank), asc(banners.createdAt), asc(banners.id));
    },

    async insertBanner(q: Db, values: Omit<BannerRow, 'id'>): Promise<BannerRow> {
      const [row] = await q.insert(banners).values(values).returning();
      if (!row) throw new Error('banner not inserted');
      return row;
    },

    async updateBanner(
      q: Db,
      id: string,
      values: Pick<BannerRow, 'rank' | 'link'> & Partial<Pick<BannerRow, 'altEn' | 'altFr'>>,
    ): Promise<BannerRow | undefined> {
      const [row] = await q.update(banners).set(values).where(eq(banners.id, id)).returning();
      return row;
    },

    async deleteBanner(q: Db, id: string): Promise<BannerRow | undefined> {
      const [row] = await q.delete(banners).where(eq(banners.id, id)).returning();
      return row;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
