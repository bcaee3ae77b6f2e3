import { describe, expect, it } from 'vitest';
import { pageOf, sessionsNamed } from '../test-fixtures';
import { joinMyPages } from './list-my-sessions';
import { joinPages, nextPage } from './pages';

describe('joinPages', () => {
  it('joins loaded pages in order, each item once, and says whether the server has more', () => {
    const [a, b, c] = sessionsNamed(1, 3);
    // b moved onto page 2 between the two loads (a live change): it is shown once.
    const joined = joinPages([pageOf([a!, b!], 1, 5, 2), pageOf([b!, c!], 2, 5, 2)]);
    expect(joined.items.map((s) => s.name)).toEqual(['Jam 1', 'Jam 2', 'Jam 3']);
    expect(joined).toMatchObject({ total: 5, hasMore: true });
    expect(joinPages([pageOf([a!], 1, 1, 2)]).hasMore).toBe(false);
    expect(joinPages([])).toEqual({ items: [], total: 0, hasMore: false });
  });

  it('asks for the next page only while there is one', () => {
    expect(nextPage(pageOf([], 1, 41, 20))).toBe(2);
    expect(nextPage(pageOf([], 3, 41, 20))).toBeUndefined();
    expect(nextPage(pageOf([], 2, 40, 20))).toBeUndefined();
  });

  it('joins both of my lists page by page, with the latest free minutes', () => {
    const [a, b, c] = sessionsNamed(1, 3);
    const mine = joinMyPages([
      { organized: pageOf([a!], 1, 2, 1), invited: pageOf([c!], 1, 1, 1), remainingMinutes: 50 },
      { organized: pageOf([b!], 2, 2, 1), invited: pageOf([], 2, 1, 1), remainingMinutes: 40 },
    ]);
    expect(mine.organized.items.map((s) => s.name)).toEqual(['Jam 1', 'Jam 2']);
    expect(mine.organized.hasMore).toBe(false);
    expect(mine.invited.items.map((s) => s.name)).toEqual(['Jam 3']);
    expect(mine.remainingMinutes).toBe(40);
  });
});
