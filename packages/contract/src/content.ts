import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, LocalizedNameSchema, PageQuerySchema, PageSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';
import {
  BANNER_ALT_MAX,
  BANNER_LINK_MAX,
  BANNER_RANK_MAX,
  BLOG_PAGE_SIZE,
  LATEST_NEWS,
  MARKDOWN_MAX,
  TITLE_MAX,
} from './content-limits.ts';

/**
 * Content the hall shows every musician (issue 14, point 3; SPEC sections 3 and 7): news, blog posts and banners,
 * and the administration's calls that write them. News and blog posts have a title and a Markdown body in English
 * and French; the server renders the Markdown into safe HTML (docs/decisions/0037-content-markdown-on-the-server.md).
 */

export { BANNER_ALT_MAX, BANNER_LINK_MAX, BANNER_RANK_MAX, BLOG_PAGE_SIZE, LATEST_NEWS, MARKDOWN_MAX, TITLE_MAX };

// ---- news and blog posts

const title = text({ error: 'required' }).trim().min(1, code('required')).max(TITLE_MAX, code('too_long'));
const markdown = text({ multiline: true, error: 'required' })
  .trim()
  .min(1, code('required'))
  .max(MARKDOWN_MAX, code('too_long'));

export const ArticleBodySchema = z.object({
  title: z.object({ en: title, fr: title }),
  /** Markdown: raw HTML is shown as text, images only from Tutti's own storage. */
  body: z.object({ en: markdown, fr: markdown }),
});
export type ArticleBody = z.infer<typeof ArticleBodySchema>;

/** What a musician reads: the title and the body rendered to HTML, in both languages (the page shows its own). */
export const ArticleSchema = z
  .object({
    id: z.uuid(),
    title: LocalizedNameSchema,
    html: LocalizedNameSchema,
    publishedAt: z.string(),
  })
  .meta({ id: 'Article' });
export type Article = z.infer<typeof ArticleSchema>;

/** What the administration edits: the Markdown source beside its rendering, published or not. */
export const AdminArticleSchema = z
  .object({
    id: z.uuid(),
    title: LocalizedNameSchema,
    body: LocalizedNameSchema,
    html: LocalizedNameSchema,
    /** Null while a draft. */
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminArticle' });
export type AdminArticle = z.infer<typeof AdminArticleSchema>;
export const AdminArticlePageSchema = PageSchema(AdminArticleSchema).meta({ id: 'AdminArticlePage' });
export type AdminArticlePage = z.infer<typeof AdminArticlePageSchema>;
export const ArticlePageSchema = PageSchema(ArticleSchema).meta({ id: 'ArticlePage' });
export type ArticlePage = z.infer<typeof ArticlePageSchema>;

export const BlogQuerySchema = PageQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(20).default(BLOG_PAGE_SIZE),
});
export const PublishQuerySchema = z.object({ state: z.enum(['true', 'false'], code('required')) });

// ---- banners

/** Where a banner may send people: a path of this web app (`/studio/sessions`, never `//host`) or an https address.
 *  Nothing else: no `javascript:`, `data:` or plain http. */
export function isSafeBannerLink(link: string): boolean {
  if (/[\s\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const altText = text({ error: 'invalid' }).trim().max(BANNER_ALT_MAX, code('too_long')).default('');

export const BannerBodySchema = z.object({
  /** Smaller first: the hall shows banners by rank. */
  rank: z.number(code('required')).int(code('invalid')).min(0, code('invalid')).max(BANNER_RANK_MAX, code('invalid')),
  link: text({ error: 'required' })
    .trim()
    .min(1, code('required'))
    .max(BANNER_LINK_MAX, code('too_long'))
    .refine(isSafeBannerLink, code('invalid_url')),
  /** What the picture says, for screen readers (issue 29 point 6), in English and French; a language left empty
   *  (or the whole object left out, as older clients do) has none. Left out on an update: the text is kept. */
  alt: z.strictObject({ en: altText, fr: altText }).optional(),
});
export type BannerBody = z.infer<typeof BannerBodySchema>;

export const BannerSchema = z
  .object({
    id: z.uuid(),
    rank: z.number().int(),
    link: z.string(),
    /** For narrow screens (phones). */
    smallUrl: z.string(),
    /** For wide screens; null: the small one is shown everywhere. */
    largeUrl: z.string().nullable(),
    /** The picture's alternative text per language; null where none was written (the page then falls back). */
    alt: z.object({ en: z.string().nullable(), fr: z.string().nullable() }),
    createdAt: z.string(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof BannerSchema>;

/** The multipart form of POST v1/banners: the fields' names. */
export const BANNER_UPLOAD = { field: 'small', optional: ['large'], json: 'banner' } as const;

const admin = { access: 'admin', authz: AUTHZ.admins, tag: 'content' } as const;
const reader = { access: 'public', authz: AUTHZ.anyone, tag: 'content' } as const;

/** The five administration calls of one kind of article (news or blog posts). */
function articleAdmin<P extends string, K extends string>(path: P, what: K) {
  return {
    list: def({
      ...admin,
      method: 'GET',
      path,
      summary: `Every ${what}, drafts included, the most recent first (paged)`,
      query: PageQuerySchema,
      response: AdminArticlePageSchema,
    }),
    create: def({
      ...admin,
      method: 'POST',
      path,
      summary: `Write a ${what} (a draft until published)`,
      body: ArticleBodySchema,
      response: AdminArticleSchema,
      status: 201,
    }),
    update: def({
      ...admin,
      method: 'PUT',
      path: `${path}/{id}` as `${P}/{id}`,
      summary: `Edit a ${what}'s title and body`,
      params: IdParamsSchema,
      body: ArticleBodySchema,
      response: AdminArticleSchema,
    }),
    publish: def({
      ...admin,
      method: 'POST',
      path: `${path}/{id}/published` as `${P}/{id}/published`,
      summary: `Publish a ${what} (state=true; it keeps its first publication date) or take it back (state=false)`,
      params: IdParamsSchema,
      query: PublishQuerySchema,
      response: AdminArticleSchema,
    }),
    remove: def({
      ...admin,
      method: 'DELETE',
      path: `${path}/{id}` as `${P}/{id}`,
      summary: `Delete a ${what}`,
      params: IdParamsSchema,
      response: null,
    }),
  };
}

const news = articleAdmin('v1/news', 'news item');
const blog = articleAdmin('v1/blog-posts', 'blog post');

export const contentEndpoints = {
  latestNews: def({
    ...reader,
    method: 'GET',
    path: 'v1/news/latest',
    summary: `The latest published news items (at most ${LATEST_NEWS}), the most recent first`,
    response: z.array(ArticleSchema),
  }),
  listNews: news.list,
  createNews: news.create,
  updateNews: news.update,
  publishNews: news.publish,
  deleteNews: news.remove,

  listPublicBlogPosts: def({
    ...reader,
    method: 'GET',
    path: 'v1/blog-posts/public',
    summary: `Published blog posts, the most recent first (page 1 and size ${BLOG_PAGE_SIZE} by default)`,
    query: BlogQuerySchema,
    response: ArticlePageSchema,
  }),
  listBlogPosts: blog.list,
  createBlogPost: blog.create,
  updateBlogPost: blog.update,
  publishBlogPost: blog.publish,
  deleteBlogPost: blog.remove,

  listActiveBanners: def({
    ...reader,
    method: 'GET',
    path: 'v1/banners/active',
    summary: 'The banners the hall shows, by rank',
    response: z.array(BannerSchema),
  }),
  listBanners: def({
    ...admin,
    method: 'GET',
    path: 'v1/banners',
    summary: 'Every banner, by rank',
    response: z.array(BannerSchema),
  }),
  createBanner: def({
    ...admin,
    method: 'POST',
    path: 'v1/banners',
    summary:
      'Add a banner: multipart with the image `small` (phones), optionally `large` (wide screens), and `banner`, the JSON {rank, link, alt?: {en, fr}}; a link is an in-app path or an https address',
    upload: BANNER_UPLOAD,
    response: BannerSchema,
    status: 201,
  }),
  updateBanner: def({
    ...admin,
    method: 'PUT',
    path: 'v1/banners/{id}',
    summary: "Change a banner's rank, link and alternative text",
    params: IdParamsSchema,
    body: BannerBodySchema,
    response: BannerSchema,
  }),
  deleteBanner: def({
    ...admin,
    method: 'DELETE',
    path: 'v1/banners/{id}',
    summary: 'Remove a banner and its images',
    params: IdParamsSchema,
    response: null,
  }),
} as const;
