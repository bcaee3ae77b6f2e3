import type { Page } from '@tutti/contract/common';
import { hasMorePages } from '@tutti/contract/paging';

/** The pages of a paged list loaded so far, as one list. */
export interface LoadedList<T> {
  items: T[];
  /** How many the server has in all (from the latest page). */
  total: number;
  /** Pages after the last one loaded hold more. */
  hasMore: boolean;
}

/** Joins loaded pages: each item once (a live change between two page loads can shift one onto the next page). */
export function joinPages<T extends { id: string }>(pages: readonly Page<T>[]): LoadedList<T> {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  const last = pages.at(-1);
  return { items, total: last?.total ?? 0, hasMore: last ? hasMorePages(last) : false };
}

/** getNextPageParam of an infinite query over one paged list. */
export const nextPage = (last: Page<unknown>): number | undefined => (hasMorePages(last) ? last.page + 1 : undefined);
