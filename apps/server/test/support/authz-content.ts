import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { call, type TestApp } from './app.ts';
import { BOUNDARY, multipartForm } from './uploads.ts';
import type { SignedInUser } from './users.ts';

/** The authorization matrix's fixtures for news, blog posts and banners (authz-matrix.test.ts holds the rest). Each
 *  write acts on an item made for the call by the administrator. */
interface ContentWorld {
  t: TestApp;
  admin: SignedInUser;
}
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  raw?: { payload: Buffer; contentType: string };
}

const hex = () => randomBytes(4).toString('hex');
export const articleBody = (words = hex()) => ({
  title: { en: `News ${words}`, fr: `Nouvelle ${words}` },
  body: { en: `Hello **${words}**`, fr: `Bonjour **${words}**` },
});

export const bannerPng = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

export async function bannerForm(rank = 1, link = '/studio/sessions', large = true): Promise<Request['raw']> {
  const files: Record<string, Buffer> = { small: await bannerPng(80, 40) };
  if (large) files['large'] = await bannerPng(160, 40);
  return {
    payload: multipartForm(files, { banner: JSON.stringify({ rank, link }) }),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}

async function article(w: ContentWorld, path: 'v1/news' | 'v1/blog-posts'): Promise<string> {
  const res = await call<{ id: string }>(w.t, 'POST', path, { token: w.admin.accessToken, body: articleBody() });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
}

async function banner(w: ContentWorld): Promise<string> {
  const form = await bannerForm();
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/v1/banners',
    headers: { authorization: `Bearer ${w.admin.accessToken}`, 'content-type': form?.contentType ?? '' },
    payload: form?.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (JSON.parse(res.body) as { id: string }).id;
}

const none = async (): Promise<Request> => ({});

export const contentFixtures = {
  latestNews: none,
  listNews: none,
  createNews: async (): Promise<Request> => ({ body: articleBody() }),
  updateNews: async (w: ContentWorld): Promise<Request> => ({
    params: { id: await article(w, 'v1/news') },
    body: articleBody(),
  }),
  publishNews: async (w: ContentWorld): Promise<Request> => ({
    params: { id: await article(w, 'v1/news') },
    query: { state: 'true' },
  }),
  deleteNews: async (w: ContentWorld): Promise<Request> => ({ params: { id: await article(w, 'v1/news') } }),
  listPublicBlogPosts: async (): Promise<Request> => ({ query: { p: '1' } }),
  listBlogPosts: none,
  createBlogPost: async (): Promise<Request> => ({ body: articleBody() }),
  updateBlogPost: async (w: ContentWorld): Promise<Request> => ({
    params: { id: await article(w, 'v1/blog-posts') },
    body: articleBody(),
  }),
  publishBlogPost: async (w: ContentWorld): Promise<Request> => ({
    params: { id: await article(w, 'v1/blog-posts') },
    query: { state: 'false' },
  }),
  deleteBlogPost: async (w: ContentWorld): Promise<Request> => ({ params: { id: await article(w, 'v1/blog-posts') } }),
  listActiveBanners: none,
  listBanners: none,
  createBanner: async (): Promise<Request> => ({ raw: await bannerForm() }),
  updateBanner: async (w: ContentWorld): Promise<Request> => ({
    params: { id: await banner(w) },
    body: { rank: 2, link: 'https://tutti.example/news' },
  }),
  deleteBanner: async (w: ContentWorld): Promise<Request> => ({ params: { id: await banner(w) } }),
};
