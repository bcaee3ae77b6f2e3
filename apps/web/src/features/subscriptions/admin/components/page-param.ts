/** The list page a URL asks for (`?p=`): a whole number from 1, anything else is the first page. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('p'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The query string with another page (the first one is left out, as the address without `p`). */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('p', String(page));
  else next.delete('p');
  return next;
}
