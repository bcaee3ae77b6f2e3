/** Paging helpers without zod, so a page that only lists (the hall) does not load the schemas. */

/** True when pages after `page` hold more items. */
export const hasMorePages = (page: { page: number; size: number; total: number }): boolean =>
  page.page * page.size < page.total;
