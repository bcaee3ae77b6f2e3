import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createArticlesService } from './articles.service.ts';
import { createBannersService } from './banners.service.ts';
import { createContentRepository } from './content.repository.ts';
import { createMarkdownRenderer, ownImageCheck } from './markdown.ts';

export interface ContentDeps {
  db: Db;
  storage: Storage;
  log: { warn(obj: object, msg: string): void };
  now: () => Date;
}

const PROBE_KEY = 'probe/file.jpg';

/** The hall's content: news, blog posts and banners, read by everyone, written by administrators (audited). */
export function registerContent(endpoint: Endpoint, deps: ContentDeps): void {
  const repo = createContentRepository(deps.db);
  // What the storage puts before a key: images in Markdown must start with it (or with /uploads/).
  const base = deps.storage.publicUrl(PROBE_KEY).slice(0, -PROBE_KEY.length);
  const render = createMarkdownRenderer({ isOwnImage: ownImageCheck(base) });
  const articles = createArticlesService({ ...deps, repo, render });
  const banners = createBannersService({ ...deps, repo });

  endpoint('latestNews', () => articles.latestNews());
  endpoint('listNews', ({ query }) => articles.adminPage('news', query));
  endpoint('createNews', ({ auth, body }) => articles.create(auth.accountId, 'news', body));
  endpoint('updateNews', ({ auth, params, body }) => articles.update(auth.accountId, 'news', params.id, body));
  endpoint('publishNews', ({ auth, params, query }) =>
    articles.publish(auth.accountId, 'news', params.id, query.state === 'true'),
  );
  endpoint('deleteNews', ({ auth, params }) => articles.remove(auth.accountId, 'news', params.id));

  endpoint('listPublicBlogPosts', ({ query }) => articles.publicPage('blog', query));
  endpoint('listBlogPosts', ({ query }) => articles.adminPage('blog', query));
  endpoint('createBlogPost', ({ auth, body }) => articles.create(auth.accountId, 'blog', body));
  endpoint('updateBlogPost', ({ auth, params, body }) => articles.update(auth.accountId, 'blog', params.id, body));
  endpoint('publishBlogPost', ({ auth, params, query }) =>
    articles.publish(auth.accountId, 'blog', params.id, query.state === 'true'),
  );
  endpoint('deleteBlogPost', ({ auth, params }) => articles.remove(auth.accountId, 'blog', params.id));

  endpoint('listActiveBanners', () => banners.list());
  endpoint('listBanners', () => banners.list());
  endpoint('createBanner', ({ auth, request }) => banners.create(auth.accountId, request));
  endpoint('updateBanner', ({ auth, params, body }) => banners.update(auth.accountId, params.id, body));
  endpoint('deleteBanner', ({ auth, params }) => banners.remove(auth.accountId, params.id));
}
