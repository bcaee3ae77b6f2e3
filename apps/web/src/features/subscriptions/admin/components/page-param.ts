import { pageOf } from '../../../../lib/list-params';

/** The list page a URL asks for (`?p=`), as every administration list reads it. */
export const pageParam = pageOf;

/** The query string with another page (the first one is left out, as the address without `p`). */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('p', String(page));
  else next.delete('p');
  return next;
}
