/**
 * An administration list's state in the address (`?q=&sort=&order=&p=`), so that a reload, Back or a shared link
 * shows the same list. Defaults are left out of the address; anything unknown falls back to them.
 */
export type SortOrder = 'asc' | 'desc';

export interface ListState<S extends string> {
  q: string;
  sort: S;
  order: SortOrder;
  page: number;
}

/** A list's columns that sort, the one it starts with (newest first), and those that start ascending (names). */
export interface ListSpec<S extends string> {
  sorts: readonly S[];
  defaultSort: S;
  ascendingFirst: readonly S[];
}

const QUERY_MAX = 100;

/** The page an address asks for (`?p=`): a whole number from 1, anything else is the first page. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('p'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function listStateOf<S extends string>(params: URLSearchParams, spec: ListSpec<S>): ListState<S> {
  const sort = params.get('sort') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, QUERY_MAX),
    sort: (spec.sorts as readonly string[]).includes(sort) ? (sort as S) : spec.defaultSort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: pageOf(params),
  };
}

/** The address of a list state, over `base` (the list's other parameters, a filter for instance). */
export function listParamsOf<S extends string>(
  state: ListState<S>,
  spec: ListSpec<S>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of ['q', 'sort', 'order', 'p']) next.delete(key);
  if (state.q) next.set('q', state.q);
  if (state.sort !== spec.defaultSort) next.set('sort', state.sort);
  if (state.order !== 'desc') next.set('order', state.order);
  if (state.page > 1) next.set('p', String(state.page));
  return next;
}

/** Sorting by a column: the same column flips the order, another starts at its natural end; back to page 1. */
export function sortedBy<S extends string>(state: ListState<S>, sort: S, spec: ListSpec<S>): ListState<S> {
  if (state.sort === sort) return { ...state, order: state.order === 'asc' ? 'desc' : 'asc', page: 1 };
  return { ...state, sort, order: spec.ascendingFirst.includes(sort) ? 'asc' : 'desc', page: 1 };
}
