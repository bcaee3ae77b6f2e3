import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSort } from '@tutti/contract/account-admin';
import type { PrivilegeName } from '@tutti/contract/accounts';
import { api } from '../../../lib/api';

export const ACCOUNTS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 20;

export interface AccountsListQuery {
  q: string;
  page: number;
  sort: AccountSort;
  order: 'asc' | 'desc';
}

/** The accounts administration's queries: one key, so a change to an account refreshes the lists and the log. */
export const accountAdminKeys = {
  all: ['admin', 'accounts'] as const,
  stats: ['admin', 'accounts', 'stats'] as const,
  list: (query: AccountsListQuery) => ['admin', 'accounts', 'list', query] as const,
  account: (id: string) => ['admin', 'accounts', 'one', id] as const,
  part: (id: string, part: 'devices' | 'segments' | 'subscription') => ['admin', 'accounts', 'one', id, part] as const,
  audit: (account: string | null, page: number) => ['admin', 'accounts', 'audit', account, page] as const,
  /** The roles an account can hold: reference data, outside `all` (an account's change does not alter them). */
  privileges: ['admin', 'privileges'] as const,
};

/** GET v1/privileges: the roles an account can hold, as the server defines them (the role editor offers these). */
export const usePrivileges = () =>
  useQuery({ queryKey: accountAdminKeys.privileges, queryFn: () => api.call('listPrivileges'), staleTime: Infinity });

export const useAccountStats = () =>
  useQuery({ queryKey: accountAdminKeys.stats, queryFn: () => api.call('accountStats') });

export function useAccounts(query: AccountsListQuery) {
  return useQuery({
    queryKey: accountAdminKeys.list(query),
    queryFn: () =>
      api.call('listAccounts', {
        query: {
          p: query.page,
          size: ACCOUNTS_PAGE_SIZE,
          sort: query.sort,
          order: query.order,
          ...(query.q && { q: query.q }),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export const useAdminAccount = (id: string) =>
  useQuery({ queryKey: accountAdminKeys.account(id), queryFn: () => api.call('getAccount', { params: { id } }) });

export const useAccountDevices = (id: string) =>
  useQuery({
    queryKey: accountAdminKeys.part(id, 'devices'),
    queryFn: () => api.call('listAccountDevices', { params: { id } }),
  });

export const useAccountSegments = (id: string) =>
  useQuery({
    queryKey: accountAdminKeys.part(id, 'segments'),
    queryFn: () => api.call('getAccountSegments', { params: { id } }),
  });

export const useAccountSubscription = (id: string) =>
  useQuery({
    queryKey: accountAdminKeys.part(id, 'subscription'),
    queryFn: () => api.call('getAccountSubscription', { params: { id } }),
  });

export function useAuditLog(account: string | null, page: number) {
  return useQuery({
    queryKey: accountAdminKeys.audit(account, page),
    queryFn: () => api.call('listAuditLog', { query: { p: page, size: AUDIT_PAGE_SIZE, ...(account && { account }) } }),
    placeholderData: keepPreviousData,
  });
}

/** Every write on an account: the account, its parts, the lists and the log are read again afterwards. */
function useAccountWrite<V, R>(write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountAdminKeys.all }),
  });
}

export const useSetPrivileges = (id: string) =>
  useAccountWrite((privileges: PrivilegeName[]) =>
    api.call('setAccountPrivileges', { params: { id }, body: { privileges } }),
  );

export const useSetFlag = (id: string) =>
  useAccountWrite(({ flag, state }: { flag: 'valid' | 'verified'; state: boolean }) =>
    api.call(flag === 'valid' ? 'setAccountValid' : 'setAccountVerified', {
      params: { id },
      query: { state: state ? 'true' : 'false' },
    }),
  );

export const useSetPassword = (id: string) =>
  useAccountWrite((password: string) => api.call('setAccountPassword', { params: { id }, body: { password } }));

export const useSyncAccount = (id: string) => useAccountWrite((_: void) => api.call('syncAccount', { params: { id } }));

/** Asks for the account's deletion (no password: an administrator's act, recorded in the audit log). */
export const useDeleteAccount = (id: string) =>
  useAccountWrite((_: void) => api.call('deleteAccount', { params: { id }, body: {} }));
