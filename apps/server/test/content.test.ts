import type { AuditPage } from '@tutti/contract/audit';
import type { AdminArticle, AdminArticlePage, Article, ArticlePage, Banner } from '@tutti/contract/content';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { articleBody, bannerForm, bannerPng } from './support/authz-content.ts';
import { databases } from './support/databases.ts';
import { newAdmin, sessionsSuite, UNKNOWN_ID, type ErrorJson } from './support/sessions.ts';
import { MULTIPART, multipartForm } from './support/uploads.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type Res<T> = T & ErrorJson;

describe.each(databases())('news, blog posts and banners on $name', (database) => {
  const {
    h,
    users: [boss, ann],
  } = sessionsSuite(database, [newAdmin, createUser]);

  const as = (user: SignedInUser | null) => {
    const token = user?.accessToken;
    return {
      get: <T>(path: string) => call<Res<T>>(h.t, 'GET', path, { token }),
      post: <T>(path: string, body?: unknown) => call<Res<T>>(h.t, 'POST', path, { token, body }),
      put: <T>(path: string, body: unknown) => call<Res<T>>(h.t, 'PUT', path, { token, body }),
      del: (path: string) => call<ErrorJson>(h.t, 'DELETE', path, { token }),
    };
  };
  const admin = () => as(boss);
  const lastAudit = async () => (await admin().get<AuditPage>('v1/audit-log?size=1')).json.items[0];
  const postBanner = (payload: Buffer, contentType = MULTIPART) =>
    h.t.app
      .inject({
        method: 'POST',
        url: '/api/v1/banners',
        headers: { authorization: `Bearer ${boss.accessToken}`, 'content-type': contentType },
        payload,
      })
      .then((res) => ({ status: res.statusCode, json: JSON.parse(res.body) as Res<Banner> }));

  it('writes, edits, publishes and deletes news; readers see only published ones, newest first, in both languages', async () => {
    const created = await admin().post<AdminArticle>('v1/news', articleBody('first'));
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      title: { en: 'News first', fr: 'Nouvelle first' },
      body: { en: 'Hello **first**', fr: 'Bonjour **first**' },
      html: { en: '<p>Hello <strong>first</strong></p>\n', fr: '<p>Bonjour <strong>first</strong></p>\n' },
      publishedAt: null,
    });
    expect(await lastAudit()).toMatchObject({ action: 'news.create', details: { id: created.json.id } });
    const id = created.json.id;
    // A draft is nobody's news.
    expect((await as(ann).get<Article[]>('v1/news/latest')).json.map((n) => n.id)).not.toContain(id);

    const edited = await admin().put<AdminArticle>(`v1/news/${id}`, articleBody('edited'));
    expect(edited.json.title.en).toBe('News edited');
    expect(await lastAudit()).toMatchObject({ action: 'news.update' });

    const published = await admin().post<AdminArticle>(`v1/news/${id}/published?state=true`);
    expect(published.status, published.text).toBe(200);
    expect(published.json.publishedAt).not.toBeNull();
    expect(await lastAudit()).toMatchObject({ action: 'news.publish', details: { id, state: true } });
    const second = await admin().post<AdminArticle>('v1/news', articleBody('second'));
    await admin().post(`v1/news/${second.json.id}/published?state=true`);

    // Public: a guest reads the latest too (the hall loads them for a signed-in musician).
    const latest = await as(null).get<Article[]>('v1/news/latest');
    expect(latest.status).toBe(200);
    expect(latest.json.slice(0, 2).map((n) => n.id)).toEqual([second.json.id, id]);
    expect(latest.json[1]).toEqual({
      id,
      title: { en: 'News edited', fr: 'Nouvelle edited' },
      html: { en: '<p>Hello <strong>edited</strong></p>\n', fr: '<p>Bonjour <strong>edited</strong></p>\n' },
      publishedAt: published.json.publishedAt,
    });
    expect(latest.json.length).toBeLessThanOrEqual(3);

    // Taken back, then published again: it keeps its first date.
    await admin().post(`v1/news/${id}/published?state=false`);
    expect((await as(ann).get<Article[]>('v1/news/latest')).json.map((n) => n.id)).not.toContain(id);
    const again = await admin().post<AdminArticle>(`v1/news/${id}/published?state=true`);
    expect(again.json.publishedAt).toBe(published.json.publishedAt);

    const list = await admin().get<AdminArticlePage>('v1/news?size=50');
    expect(list.json.items.map((n) => n.id)).toEqual(expect.arrayContaining([id, second.json.id]));

    expect((await admin().del(`v1/news/${id}`)).status).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'news.delete', details: { id } });
    expect((await admin().del(`v1/news/${id}`)).status).toBe(404);
    expect((await admin().put(`v1/news/${UNKNOWN_ID}`, articleBody())).status).toBe(404);
    expect((await admin().post(`v1/news/${UNKNOWN_ID}/published?state=true`)).status).toBe(404);
    // A blog post is not a news item.
    const post = await admin().post<AdminArticle>('v1/blog-posts', articleBody());
    expect((await admin().put(`v1/news/${post.json.id}`, articleBody())).status).toBe(404);
  });

  it('refuses empty, too long or control-character titles and bodies with field codes', async () => {
    const empty = await admin().post('v1/news', { title: { en: ' ', fr: 'x' }, body: { en: 'x', fr: 'x' } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields).toMatchObject({ 'title.en': 'required' });
    const long = await admin().post('v1/blog-posts', { ...articleBody(), body: { en: 'x'.repeat(20_001), fr: 'x' } });
    expect(long.json.error.fields).toMatchObject({ 'body.en': 'too_long' });
    const nul = await admin().post('v1/news', { ...articleBody(), title: { en: 'a\u0000b', fr: 'x' } });
    expect(nul.json.error.fields).toMatchObject({ 'title.en': 'invalid_characters' });
    expect((await admin().post('v1/news', { title: { en: 'x' } })).status).toBe(400);
  });

  it('renders hostile Markdown safely in what readers get', async () => {
    const hostile = {
      title: { en: '<b>Title</b>', fr: 'Titre' },
      body: {
        en: '<script>alert(1)</script> [x](javascript:alert(1)) ![p](https://evil.example/p.png) [ok](https://ok.example)',
        fr: '<img src=x onerror=alert(1)>',
      },
    };
    const post = await admin().post<AdminArticle>('v1/blog-posts', hostile);
    await admin().post(`v1/blog-posts/${post.json.id}/published?state=true`);
    const page = await as(ann).get<ArticlePage>('v1/blog-posts/public?size=20');
    const read = page.json.items.find((p) => p.id === post.json.id);
    expect(read?.html.en).not.toMatch(/<script|<img|href="javascript/);
    expect(read?.html.en).toContain('<a href="https://ok.example" rel="noopener noreferrer" target="_blank">ok</a>');
    expect(read?.html.fr).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>\n');
    // Titles are plain text (the web shows them as text).
    expect(read?.title.en).toBe('<b>Title</b>');
  });

  it('pages published blog posts five at a time by default', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const post = await admin().post<AdminArticle>('v1/blog-posts', articleBody(`post${i}`));
      await admin().post(`v1/blog-posts/${post.json.id}/published?state=true`);
      ids.unshift(post.json.id);
    }
    const first = await as(ann).get<ArticlePage>('v1/blog-posts/public');
    expect(first.json).toMatchObject({ page: 1, size: 5 });
    expect(first.json.items.map((p) => p.id)).toEqual(ids.slice(0, 5));
    const second = await as(null).get<ArticlePage>('v1/blog-posts/public?p=2&size=5');
    expect(second.json.items.map((p) => p.id).slice(0, 2)).toEqual(ids.slice(5, 7));
    expect(first.json.total).toBe(second.json.total);
    expect((await as(null).get('v1/blog-posts/public?size=0')).status).toBe(400);
    expect((await as(null).get('v1/blog-posts/public?p=x')).status).toBe(400);
  });

  it('adds banners with both images re-encoded to their sizes, shows them by rank, edits and deletes them', async () => {
    const before = (await as(ann).get<Banner[]>('v1/banners/active')).json.length;
    const second = await postBanner((await bannerForm(20, 'https://tutti.example/promo'))?.payload ?? Buffer.alloc(0));
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    expect(await lastAudit()).toMatchObject({ action: 'banner.create', details: { id: second.json.id, rank: 20 } });
    const first = await postBanner((await bannerForm(10, '/studio/sessions', false))?.payload ?? Buffer.alloc(0));
    expect(first.json).toMatchObject({ rank: 10, link: '/studio/sessions', largeUrl: null });

    const active = (await as(ann).get<Banner[]>('v1/banners/active')).json;
    expect(active).toHaveLength(before + 2);
    const mine = active.filter((b) => [first.json.id, second.json.id].includes(b.id)).map((b) => b.id);
    expect(mine).toEqual([first.json.id, second.json.id]);
    const ranks = active.map((b) => b.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const small = await h.t.app.inject({ method: 'GET', url: second.json.smallUrl });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 800, height: 400, format: 'jpeg' });
    const large = await h.t.app.inject({ method: 'GET', url: second.json.largeUrl ?? '' });
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 1600, height: 400 });

    const moved = await admin().put<Banner>(`v1/banners/${second.json.id}`, { rank: 5, link: '/me' });
    expect(moved.json).toMatchObject({ rank: 5, link: '/me', smallUrl: second.json.smallUrl });
    expect(await lastAudit()).toMatchObject({ action: 'banner.update' });
    expect((await admin().get<Banner[]>('v1/banners')).json.findIndex((b) => b.id === second.json.id)).toBeLessThan(
      (await admin().get<Banner[]>('v1/banners')).json.findIndex((b) => b.id === first.json.id),
    );

    expect((await admin().del(`v1/banners/${second.json.id}`)).status).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'banner.delete', details: { id: second.json.id } });
    expect((await h.t.app.inject({ method: 'GET', url: second.json.smallUrl })).statusCode).toBe(404);
    expect((await h.t.app.inject({ method: 'GET', url: second.json.largeUrl ?? '' })).statusCode).toBe(404);
    expect((await admin().del(`v1/banners/${second.json.id}`)).status).toBe(404);
    expect((await admin().put(`v1/banners/${UNKNOWN_ID}`, { rank: 1, link: '/me' })).status).toBe(404);
  });

  it('accepts an in-app path or an https address as a banner link, nothing else', async () => {
    const png = await bannerPng(80, 40);
    for (const link of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'http://tutti.example/',
      '//evil.example/x',
      'data:text/html,<script>alert(1)</script>',
      'https://user:pw@evil.example/',
      '/\\evil.example',
      'studio/hall',
      '',
    ]) {
      const res = await postBanner(multipartForm({ small: png }, { banner: JSON.stringify({ rank: 1, link }) }));
      expect(res.status, link).toBe(400);
      expect(res.json.error.code, link).toBe('VALIDATION_FAILED');
      expect(res.json.error.fields?.['banner.link'], link).toMatch(/invalid_url|required/);
      expect((await admin().put(`v1/banners/${UNKNOWN_ID}`, { rank: 1, link })).status, link).toBe(400);
    }
    const rank = await postBanner(multipartForm({ small: png }, { banner: '{"rank":-1,"link":"/me"}' }));
    expect(rank.json.error.fields).toEqual({ 'banner.rank': 'invalid' });
    expect((await postBanner(multipartForm({ small: png }, { banner: '{' }))).json.error.fields).toEqual({
      banner: 'invalid',
    });
    expect((await postBanner(multipartForm({ small: png }))).json.error.fields).toEqual({ banner: 'required' });
  });

  it("keeps a banner picture's alternative text in both languages, optional, trimmed and bounded", async () => {
    const png = await bannerPng(80, 40);
    const alt = { en: '  Summer rehearsal week: 20% off  ', fr: "Semaine de répétition d'été : 20 % de remise" };
    const made = await postBanner(
      multipartForm({ small: png }, { banner: JSON.stringify({ rank: 3, link: '/me', alt }) }),
    );
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const stored = { en: 'Summer rehearsal week: 20% off', fr: alt.fr };
    expect(made.json.alt).toEqual(stored);
    for (const [path, user] of [
      ['v1/banners', boss],
      ['v1/banners/active', null],
    ] as const) {
      const found = (await as(user).get<Banner[]>(path)).json.find((b) => b.id === made.json.id);
      expect(found?.alt, path).toEqual(stored);
    }

    // Older clients send no alternative text: none is stored, and an update without one keeps what was written.
    const old = await postBanner(multipartForm({ small: png }, { banner: JSON.stringify({ rank: 4, link: '/me' }) }));
    expect(old.json.alt).toEqual({ en: null, fr: null });
    const moved = await admin().put<Banner>(`v1/banners/${made.json.id}`, { rank: 2, link: '/me' });
    expect(moved.json.alt).toEqual(stored);
    const frOnly = await admin().put<Banner>(`v1/banners/${made.json.id}`, {
      rank: 2,
      link: '/me',
      alt: { en: ' ', fr: 'Offre' },
    });
    expect(frOnly.json.alt).toEqual({ en: null, fr: 'Offre' });

    const long = { en: 'x'.repeat(201), fr: 'ok' };
    const tooLong = await postBanner(
      multipartForm({ small: png }, { banner: JSON.stringify({ rank: 1, link: '/me', alt: long }) }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.fields).toEqual({ 'banner.alt.en': 'too_long' });
    const put = await admin().put(`v1/banners/${made.json.id}`, {
      rank: 1,
      link: '/me',
      alt: { en: 'ok', fr: 'y'.repeat(201) },
    });
    expect(put.status).toBe(400);
    expect(put.json.error.fields).toEqual({ 'alt.fr': 'too_long' });
  });

  it('checks banner images by content and keeps nothing of a refused upload', async () => {
    const banner = JSON.stringify({ rank: 1, link: '/me' });
    const count = async () => (await admin().get<Banner[]>('v1/banners')).json.length;
    const before = await count();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const noSmall = await postBanner(multipartForm({ large: await bannerPng(160, 40) }, { banner }));
    expect(noSmall.status).toBe(400);
    expect(noSmall.json.error.code).toBe('INVALID_IMAGE');
    expect((await postBanner(multipartForm({ small: html }, { banner }))).json.error.code).toBe('INVALID_IMAGE');
    const badLarge = await postBanner(multipartForm({ small: await bannerPng(80, 40), large: html }, { banner }));
    expect(badLarge.json.error.code).toBe('INVALID_IMAGE');
    const notMultipart = await call<ErrorJson>(h.t, 'POST', 'v1/banners', {
      token: boss.accessToken,
      body: { rank: 1, link: '/me' },
    });
    expect(notMultipart.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lets only administrators write, and anyone read', async () => {
    expect((await as(ann).post('v1/news', articleBody())).status).toBe(403);
    expect((await as(ann).get('v1/banners')).status).toBe(403);
    expect((await as(null).get('v1/blog-posts')).status).toBe(401);
    expect((await as(null).get('v1/banners/active')).status).toBe(200);
    const form = await bannerForm();
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/v1/banners',
      headers: { authorization: `Bearer ${ann.accessToken}`, 'content-type': form?.contentType ?? '' },
      payload: form?.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});
