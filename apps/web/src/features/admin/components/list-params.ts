import { ACCOUNT_SORTS, type AccountSort } from '@tutti/contract/account-admin';
import type { AccountsListQuery } from '../api/accounts';

/** The accounts list's state, from the address (`?q=&sort=&order=&p=`): a reload or a shared link shows the same
 *  list. Anything unknown falls back to the newest accounts first, page 1. */
export function accountsQueryOf(params: URLSearchParams): AccountsListQuery {
  const sort = params.get('sort');
  const page = Number(params.get('p'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    sort: (ACCOUNT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as AccountSort) : 'createdAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a list state; defaults are left out. */
export function accountsParamsOf(query: AccountsListQuery): URLSearchParams {
  const next = new URLSearchParams();
  if (query.q) next.set('q', query.q);
  if (query.sort !== 'createdAt') next.set('sort', query.sort);
  if (query.order !== 'desc') next.set('order', query.order);
  if (query.page > 1) next.set('p', String(query.page));
  return next;
}

/** Sorting by a column: the same column flips the order, another starts descending (newest, last seen) or ascending
 *  (names); either way back to page 1. */
export function sortedBy(query: AccountsListQuery, sort: AccountSort): AccountsListQuery {
  if (query.sort === sort) return { ...query, order: query.order === 'asc' ? 'desc' : 'asc', page: 1 };
  const order = sort === 'username' || sort === 'email' ? 'asc' : 'desc';
  return { ...query, sort, order, page: 1 };
}
