import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminArticle, Banner } from '@tutti/contract/content';
import { setCurrentUser } from '../../../lib/session';
import { ADMIN_USER, errorBody, json, pageOf, renderAdminAt } from '../../../../test/admin-render';
import { BlogPostsAdminPage, NewsAdminPage } from './articles-page';
import { BannersAdminPage } from './banners-page';

const ID = '33333333-3333-4333-8333-333333333333';
const draft: AdminArticle = {
  id: ID,
  title: { en: 'Jam night', fr: 'Soirée jam' },
  body: { en: 'Come **all**', fr: 'Venez **tous**' },
  html: { en: '<p>Come <strong>all</strong></p>\n', fr: '<p>Venez <strong>tous</strong></p>\n' },
  publishedAt: null,
  createdAt: '2030-12-01T12:00:00.000Z',
  updatedAt: '2030-12-01T12:00:00.000Z',
};
const banner: Banner = {
  id: ID,
  rank: 3,
  link: '/studio/sessions',
  smallUrl: '/uploads/banners/s.jpg',
  largeUrl: '/uploads/banners/l.jpg',
  alt: { en: null, fr: null },
  createdAt: '2030-12-01T12:00:00.000Z',
};

describe("the hall's content administration", () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let answer: (url: string, init?: RequestInit) => Response;
  const requests = () =>
    fetchSpy.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url as string}`);
  const sent = (method: string) =>
    fetchSpy.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === method)?.[1] as
      RequestInit | undefined;

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    answer = (_url, init) => (init?.method === 'POST' ? json(201, draft) : json(200, pageOf([draft])));
    fetchSpy = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('writes a news item in English and French', async () => {
    renderAdminAt('/admin/news', '/admin/news', <NewsAdminPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Write a news item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New news item' });
    // Every field is required: nothing is sent empty.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the draft' }));
    expect(requests().some((r) => r.startsWith('POST'))).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title (English)' }), 'Jam night');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title (French)' }), 'Soirée jam');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Text (English)' }), 'Come **all**');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Text (French)' }), 'Venez **tous**');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the draft' }));
    await waitFor(() => expect(requests()).toContain('POST /api/v1/news'));
    expect(JSON.parse(sent('POST')?.body as string)).toEqual({
      title: { en: 'Jam night', fr: 'Soirée jam' },
      body: { en: 'Come **all**', fr: 'Venez **tous**' },
    });
    expect(await screen.findByText('“Jam night” was created as a draft.')).toBeInTheDocument();
  });

  it('publishes a blog post and deletes one after asking, in French', async () => {
    renderAdminAt('/admin/blog-posts', '/admin/blog-posts', <BlogPostsAdminPage />, { locale: 'fr' });
    const table = await screen.findByRole('table', { name: 'Articles de blog' });
    expect(within(table).getByText('Soirée jam')).toBeInTheDocument();
    expect(within(table).getByText('Brouillon')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(requests()).toContain(`POST /api/v1/blog-posts/${ID}/published?state=true`));
    await userEvent.click(within(table).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer « Soirée jam » ?' });
    expect(requests().some((r) => r.startsWith('DELETE'))).toBe(false);
    answer = (_url, init) => (init?.method === 'DELETE' ? json(204, null) : json(200, pageOf([draft])));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(requests()).toContain(`DELETE /api/v1/blog-posts/${ID}`));
  });

  it('adds a banner with its two images, rank, link and alternative text, and refuses a javascript: link before sending', async () => {
    answer = (_url, init) => (init?.method === 'POST' ? json(201, banner) : json(200, [banner]));
    renderAdminAt('/admin/banners', '/admin/banners', <BannersAdminPage />);
    expect(await screen.findByRole('img', { name: 'Large image of the banner' })).toHaveAttribute(
      'src',
      '/uploads/banners/l.jpg',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    const small = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'small.jpg', { type: 'image/jpeg' });
    const large = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'large.jpg', { type: 'image/jpeg' });
    const inputs = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(inputs[0]!, small);
    await userEvent.upload(inputs[1]!, large);
    const link = within(dialog).getByRole('textbox', { name: 'Link' });
    await userEvent.type(link, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a banner' }));
    expect(await within(dialog).findByText('Enter a path starting with / or an https:// address.')).toBeInTheDocument();
    expect(requests().some((r) => r.startsWith('POST'))).toBe(false);
    await userEvent.clear(link);
    await userEvent.type(link, '/studio/sessions');
    const altEn = within(dialog).getByRole('textbox', { name: 'Alternative text (English)' });
    expect(altEn).toHaveAccessibleDescription(/read out by screen readers/);
    await userEvent.type(altEn, ' Summer rehearsal week ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Alternative text (French)' }), 'Semaine d’été');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a banner' }));
    await waitFor(() => expect(requests()).toContain('POST /api/v1/banners'));
    const form = sent('POST')?.body as FormData;
    expect((form.get('small') as File).name).toBe('small.jpg');
    expect((form.get('large') as File).name).toBe('large.jpg');
    expect(JSON.parse(form.get('banner') as string)).toEqual({
      rank: 1,
      link: '/studio/sessions',
      alt: { en: 'Summer rehearsal week', fr: 'Semaine d’été' },
    });
    expect(await screen.findByText('The banner was added.')).toBeInTheDocument();
  });

  it("edits a banner's alternative text, shown as written, and shows the server's refusal under its field", async () => {
    const written: Banner = { ...banner, alt: { en: 'Summer week', fr: null } };
    let refuse = true;
    answer = (_url, init) => {
      if (init?.method !== 'PUT') return json(200, [written]);
      if (refuse) return json(400, errorBody('VALIDATION_FAILED', { 'alt.fr': 'too_long' }));
      return json(200, { ...written, alt: { en: 'Summer week', fr: 'Semaine d’été' } });
    };
    renderAdminAt('/admin/banners', '/admin/banners', <BannersAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the banner' });
    expect(within(dialog).getByRole('textbox', { name: 'Alternative text (English)' })).toHaveValue('Summer week');
    const fr = within(dialog).getByRole('textbox', { name: 'Alternative text (French)' });
    expect(fr).toHaveValue('');
    await userEvent.type(fr, 'Semaine d’été');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value is too long.')).toBeInTheDocument();
    expect(fr).toHaveAttribute('aria-invalid', 'true');
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The banner was changed.')).toBeInTheDocument();
    const put = fetchSpy.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT').at(-1);
    expect(JSON.parse((put?.[1] as RequestInit).body as string)).toEqual({
      rank: 3,
      link: '/studio/sessions',
      alt: { en: 'Summer week', fr: 'Semaine d’été' },
    });
  });
});
