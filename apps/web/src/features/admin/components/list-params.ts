import { ACCOUNT_SORTS, type AccountSort } from '@tutti/contract/account-admin';
import { listParamsOf, listStateOf, sortedBy as sortedIn, type ListSpec } from '../../../lib/list-params';
import type { AccountsListQuery } from '../api/accounts';

/** The accounts list: newest first; usernames and emails sort A to Z first. */
const ACCOUNTS_LIST: ListSpec<AccountSort> = {
  sorts: ACCOUNT_SORTS,
  defaultSort: 'createdAt',
  ascendingFirst: ['username', 'email'],
};

export const accountsQueryOf = (params: URLSearchParams): AccountsListQuery => listStateOf(params, ACCOUNTS_LIST);
export const accountsParamsOf = (query: AccountsListQuery): URLSearchParams => listParamsOf(query, ACCOUNTS_LIST);
export const sortedBy = (query: AccountsListQuery, sort: AccountSort): AccountsListQuery =>
  sortedIn(query, sort, ACCOUNTS_LIST);
