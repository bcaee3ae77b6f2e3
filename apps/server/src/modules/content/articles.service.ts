import type { AuditAction } from '@tutti/contract/audit';
import {
  LATEST_NEWS,
  type AdminArticle,
  type AdminArticlePage,
  type Article,
  type ArticleBody,
  type ArticlePage,
} from '@tutti/contract/content';
import { record } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { ContentRepository } from './content.repository.ts';
import type { ArticleKind, ArticleRow } from './content.schema.ts';

export interface ArticlesDeps {
  db: Db;
  repo: ContentRepository;
  render: (markdown: string) => string;
  now: () => Date;
}

/** Audit names of each kind's writes. */
const ACTIONS = {
  news: { create: 'news.create', update: 'news.update', publish: 'news.publish', delete: 'news.delete' },
  blog: {
    create: 'blogPost.create',
    update: 'blogPost.update',
    publish: 'blogPost.publish',
    delete: 'blogPost.delete',
  },
} as const satisfies Record<ArticleKind, Record<string, AuditAction>>;

const columns = (body: ArticleBody) => ({
  titleEn: body.title.en,
  titleFr: body.title.fr,
  bodyEn: body.body.en,
  bodyFr: body.body.fr,
});

/** News and blog posts: the same calls for both kinds. Every write and its audit entry commit together. */
export function createArticlesService(deps: ArticlesDeps) {
  const { db, repo, render, now } = deps;
  const html = (row: ArticleRow) => ({ en: render(row.bodyEn), fr: render(row.bodyFr) });
  const title = (row: ArticleRow) => ({ en: row.titleEn, fr: row.titleFr });

  const forReaders = (row: ArticleRow): Article => ({
    id: row.id,
    title: title(row),
    html: html(row),
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  });
  const forAdmin = (row: ArticleRow): AdminArticle => ({
    id: row.id,
    title: title(row),
    body: { en: row.bodyEn, fr: row.bodyFr },
    html: html(row),
    publishedAt: row.published && row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  const missing = (kind: ArticleKind) => notFound(kind === 'news' ? 'No such news item' : 'No such blog post');

  async function write(
    actorId: string,
    kind: ArticleKind,
    action: keyof (typeof ACTIONS)['news'],
    change: (tx: Db, at: Date) => Promise<ArticleRow | undefined>,
    details: (row: ArticleRow) => Record<string, unknown> = () => ({}),
  ): Promise<ArticleRow> {
    const at = now();
    return db.transaction(async (tx) => {
      const row = await change(tx, at);
      if (!row) throw missing(kind);
      await record(tx, {
        actorId,
        action: ACTIONS[kind][action],
        details: { id: row.id, title: row.titleEn, ...details(row) },
        at,
      });
      return row;
    });
  }

  return {
    async latestNews(): Promise<Article[]> {
      const { rows } = await repo.listArticles('news', { p: 1, size: LATEST_NEWS }, true);
      return rows.map(forReaders);
    },

    async publicPage(kind: ArticleKind, page: { p: number; size: number }): Promise<ArticlePage> {
      const { rows, total } = await repo.listArticles(kind, page, true);
      return { items: rows.map(forReaders), page: page.p, size: page.size, total };
    },

    async adminPage(kind: ArticleKind, page: { p: number; size: number }): Promise<AdminArticlePage> {
      const { rows, total } = await repo.listArticles(kind, page, false);
      return { items: rows.map(forAdmin), page: page.p, size: page.size, total };
    },

    async create(actorId: string, kind: ArticleKind, body: ArticleBody): Promise<AdminArticle> {
      return forAdmin(
        await write(actorId, kind, 'create', (tx, at) => repo.insertArticle(tx, kind, columns(body), at)),
      );
    },

    async update(actorId: string, kind: ArticleKind, id: string, body: ArticleBody): Promise<AdminArticle> {
      const row = await write(actorId, kind, 'update', (tx, at) => repo.updateArticle(tx, kind, id, columns(body), at));
      return forAdmin(row);
    },

    async publish(actorId: string, kind: ArticleKind, id: string, state: boolean): Promise<AdminArticle> {
      const row = await write(
        actorId,
        kind,
        'publish',
        async (tx, at) => {
          const before = await repo.findArticle(tx, kind, id);
          if (!before) return undefined;
          return repo.updateArticle(tx, kind, id, { published: state, publishedAt: before.publishedAt ?? at }, at);
        },
        () => ({ state }),
      );
      return forAdmin(row);
    },

    async remove(actorId: string, kind: ArticleKind, id: string): Promise<void> {
      await write(actorId, kind, 'delete', (tx) => repo.deleteArticle(tx, kind, id));
    },
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
