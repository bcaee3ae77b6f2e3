import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article, Banner } from '@tutti/contract/content';
import { setCurrentUser } from '../../../lib/session';
import { ADMIN_USER, json } from '../../../../test/admin-render';
import { renderWithProviders } from '../../../../test/render';
import { HallContent, WIDE_SCREEN } from './hall-content';

const article = (n: number, extra: Partial<Article> = {}): Article => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: { en: `Post ${n}`, fr: `Article ${n}` },
  html: { en: `<p>Hello <strong>${n}</strong></p>\n`, fr: `<p>Bonjour <strong>${n}</strong></p>\n` },
  publishedAt: '2030-12-01T12:00:00.000Z',
  ...extra,
});
const banner = (rank: number, link: string, large: boolean, alt: Banner['alt'] = { en: null, fr: null }): Banner => ({
  id: `11111111-0000-4000-8000-${String(rank).padStart(12, '0')}`,
  rank,
  link,
  smallUrl: `/uploads/banners/s${rank}.jpg`,
  largeUrl: large ? `/uploads/banners/l${rank}.jpg` : null,
  alt,
  createdAt: '2030-12-01T12:00:00.000Z',
});

describe("the hall's news, banners and blog", () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  const requests = () => fetchSpy.mock.calls.map(([url]) => String(url));

  let banners: Banner[];

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    banners = [banner(1, '/studio/sessions', true), banner(2, 'https://tutti.example/x', false)];
    fetchSpy = vi.fn((url: string) => {
      if (url.includes('v1/news/latest'))
        return Promise.resolve(json(200, [article(1, { title: { en: 'Big news', fr: 'Grande nouvelle' } })]));
      if (url.includes('v1/banners/active')) {
        return Promise.resolve(json(200, banners));
      }
      const page = Number(new URL(url, 'http://x').searchParams.get('p'));
      const items = page === 1 ? [1, 2, 3, 4, 5].map((n) => article(n + 10)) : [article(16)];
      return Promise.resolve(json(200, { items, page, size: 5, total: 6 }));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('shows the latest news and the blog in English, five posts at a time with "more"', async () => {
    renderWithProviders(<HallContent />);
    expect(await screen.findByRole('heading', { name: 'Big news' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Post 15' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Post 16' })).not.toBeInTheDocument();
    expect(requests().some((u) => u.includes('v1/blog-posts/public?p=1&size=5'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'More posts' }));
    expect(await screen.findByRole('heading', { name: 'Post 16' })).toBeInTheDocument();
    // Everything is loaded: no more button.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More posts' })).not.toBeInTheDocument());
  });

  it('shows everything in French for a French reader, with the rendered Markdown', async () => {
    renderWithProviders(<HallContent />, { locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Grande nouvelle' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Actualités' })).toBeInTheDocument();
    const post = await screen.findByRole('heading', { name: 'Article 11' });
    expect(post.closest('article')?.querySelector('strong')?.textContent).toBe('11');
    expect(screen.getByRole('button', { name: 'Plus d’articles' })).toBeInTheDocument();
  });

  it('links banners in rank order, the large image for wide screens and the small one for phones', async () => {
    renderWithProviders(<HallContent />);
    const links = await screen.findAllByRole('link', { name: /Announcement/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/studio/sessions', 'https://tutti.example/x']);
    const [inApp, external] = links;
    expect(inApp?.getAttribute('target')).toBeNull();
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    const source = inApp?.querySelector('source');
    expect(source?.getAttribute('media')).toBe(WIDE_SCREEN);
    expect(source?.getAttribute('srcset')).toBe('/uploads/banners/l1.jpg');
    expect(inApp?.querySelector('img')?.getAttribute('src')).toBe('/uploads/banners/s1.jpg');
    // Without a large image, the small one shows everywhere.
    expect(external?.querySelector('source')).toBeNull();
  });

  it("names each banner's link by its picture's alternative text in the reader's language, never by its path", async () => {
    banners = [
      banner(1, '/studio/sessions', true, { en: 'Summer rehearsal week', fr: 'Semaine de répétition d’été' }),
      banner(2, 'https://tutti.example/x', false, { en: null, fr: 'Concours de printemps' }),
      banner(3, '/me', false),
    ];
    const { unmount } = renderWithProviders(<HallContent />);
    const en = await screen.findAllByRole('link', { name: /Summer|Concours|Announcement/ });
    expect(en.map((l) => l.getAttribute('href'))).toEqual(['/studio/sessions', 'https://tutti.example/x', '/me']);
    // The other language when the reader's is missing, then a numbered label: no path is read out.
    expect(screen.getByRole('link', { name: 'Summer rehearsal week' })).toHaveAttribute('href', '/studio/sessions');
    expect(screen.getByRole('link', { name: 'Concours de printemps' })).toHaveAttribute(
      'href',
      'https://tutti.example/x',
    );
    expect(screen.getByRole('link', { name: 'Announcement 3' })).toHaveAttribute('href', '/me');
    expect(screen.getByRole('img', { name: 'Summer rehearsal week' })).toBeInTheDocument();
    unmount();

    renderWithProviders(<HallContent />, { locale: 'fr' });
    expect(await screen.findByRole('link', { name: 'Semaine de répétition d’été' })).toHaveAttribute(
      'href',
      '/studio/sessions',
    );
    expect(screen.getByRole('link', { name: 'Concours de printemps' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Annonce 3' })).toHaveAttribute('href', '/me');
  });
});
