import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchBody } from '@tutti/contract/community';
import { setCurrentUser } from '../../../lib/session';
import { ANA, BEN, pageOf, userOf } from '../../sessions/test-fixtures';
import { setBlockedBy } from '../blocked-by';
import { SearchPage } from './search-page';
import { cardOf, json, notFound, REFERENCE, renderAt } from './test-render';

const ben = cardOf({ id: BEN.id, username: 'ben' });
const cleo = cardOf({ id: '55555555-5555-4555-8555-555555555555', username: 'cleo' });

describe('SearchPage', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let searchAnswer: (body: SearchBody) => Response;
  let suggestions: unknown[];
  const searches = (): SearchBody[] =>
    fetchSpy.mock.calls
      .filter(([url]) => url === '/api/v2/search')
      .map(([, init]) => JSON.parse((init as RequestInit).body as string) as SearchBody);
  const location = () => screen.getByTestId('location').textContent;
  const show = (url = '/search') => renderAt(url, [{ path: '/search', element: <SearchPage /> }]);

  beforeEach(() => {
    setCurrentUser(userOf(ANA));
    suggestions = [];
    searchAnswer = () => json(200, pageOf([ben]));
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      if (url in REFERENCE) return Promise.resolve(json(200, REFERENCE[url]));
      if (url.startsWith('/api/v1/me/follows/suggestions')) return Promise.resolve(json(200, suggestions));
      if (url === '/api/v2/search')
        return Promise.resolve(searchAnswer(JSON.parse(init!.body as string) as SearchBody));
      return Promise.resolve(notFound());
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setCurrentUser(null);
    setBlockedBy([]);
  });

  it('before any query, offers the musicians around me and searches nothing', async () => {
    suggestions = [cardOf({ ...cleo, delayMs: 4 })];
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Search musicians' })).toBeInTheDocument();
    const around = await screen.findByRole('region', { name: 'Musicians around you' });
    expect(within(around).getByRole('link', { name: 'Cleo' })).toBeInTheDocument();
    expect(searches()).toEqual([]);
  });

  it('with no one around, says what to type', async () => {
    show();
    expect(await screen.findByText(/Type a name, a username or a city/)).toBeInTheDocument();
  });

  it('searches what I type once I pause, and keeps it in the URL', async () => {
    show();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name, username or city' }), 'ben');
    expect(await screen.findByText('1 musician')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ben' })).toBeInTheDocument();
    // One request for the whole word, not one per letter.
    expect(searches()).toEqual([{ p: 1, size: 20, filters: { q: 'ben' } }]);
    expect(location()).toBe('/search?q=ben');
  });

  it('reads the query, filters and page from the URL (reload, back)', async () => {
    searchAnswer = () => json(200, pageOf([ben], 2, 45));
    show('/search?q=lyon&instrument=guitar&skill=expert&style=jazz&country=FR&p=2');
    expect(await screen.findByText('45 musicians')).toBeInTheDocument();
    expect(searches()[0]).toEqual({
      p: 2,
      size: 20,
      filters: { q: 'lyon', instrument: 'guitar', skill: 'expert', style: 'jazz', country: 'FR' },
    });
    expect(screen.getByRole('searchbox')).toHaveValue('lyon');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('expert');
    // The levels are the server's (GET v1/music-skills), in its order and words.
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Level' }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Every level', 'Beginner', 'Intermediate', 'Expert']),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Instrument' })).toHaveValue('guitar'));
  });

  it('sends a filter in the request and starts again from page 1', async () => {
    show('/search?q=a&p=3');
    await screen.findByText('1 musician');
    await screen.findByRole('option', { name: 'Drums' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Instrument' }), 'drums');
    await waitFor(() =>
      expect(searches().at(-1)).toEqual({ p: 1, size: 20, filters: { q: 'a', instrument: 'drums' } }),
    );
    expect(location()).toBe('/search?q=a&instrument=drums');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'beginner');
    await waitFor(() => expect(searches().at(-1)?.filters).toEqual({ q: 'a', instrument: 'drums', skill: 'beginner' }));
  });

  it('pages through the results with the total', async () => {
    searchAnswer = (body) => json(200, pageOf(body.p === 2 ? [cleo] : [ben], body.p, 25));
    show('/search?q=e');
    expect(await screen.findByText('25 musicians')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Cleo' })).toBeInTheDocument();
    expect(searches().at(-1)?.p).toBe(2);
    expect(location()).toBe('/search?q=e&p=2');
  });

  it('says when nothing matches and offers to remove the filters', async () => {
    searchAnswer = (body) => json(200, pageOf(body.filters?.country ? [] : [ben]));
    show('/search?q=ben&country=DE');
    expect(await screen.findByText('No musician matches this search.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByRole('link', { name: 'Ben' })).toBeInTheDocument();
    expect(location()).toBe('/search?q=ben');
  });

  it('says when the search failed and tries again on demand', async () => {
    let fail = true;
    searchAnswer = () => (fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, pageOf([ben])));
    show('/search?q=ben');
    expect(await screen.findByRole('alert')).toHaveTextContent('The search could not be done.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ben' })).toBeInTheDocument();
  });

  it('hides the musicians who blocked me, at once', async () => {
    searchAnswer = () => json(200, pageOf([ben, cleo]));
    show('/search?q=e');
    expect(await screen.findByRole('link', { name: 'Ben' })).toBeInTheDocument();
    act(() => setBlockedBy([BEN.id]));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ben' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Cleo' })).toBeInTheDocument();
  });

  it('tells a musician under 13 that the community opens at 13, without asking the server', () => {
    setCurrentUser({ ...userOf(ANA), eligibleToSocial: false });
    show('/search?q=ben');
    expect(screen.getByRole('heading', { name: 'The community opens at 13' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
