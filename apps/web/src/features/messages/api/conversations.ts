import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicAccount } from '@tutti/contract/community';
import type { Conversation } from '@tutti/contract/messages';
import { api } from '../../../lib/api';
import { messageKeys } from './query-keys';

/** Conversations per page of the list ("Show more" adds the next). */
export const CONVERSATIONS_PAGE_SIZE = 20;

/** The header's count (SPEC section 3, unreadPrivateMessages): loaded once, then kept by the bus's events. */
export function useUnreadConversations(enabled = true) {
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: async () => (await api.call('listConversations', { query: { size: 1 } })).unreadConversations,
    staleTime: Infinity,
    enabled,
  });
}

/** GET v1/me/private-messages/conversations: mine, most recent first, filtered by the other's name (`q`). */
export function useConversations(q: string) {
  // The badge does not take its count from here: a list asked for before a read may answer after it (the bus's
  // events and the read's answer, each carrying the count after the change, keep it instead).
  return useInfiniteQuery({
    queryKey: messageKeys.list(q),
    queryFn: ({ pageParam }) =>
      api.call('listConversations', {
        query: { p: pageParam, size: CONVERSATIONS_PAGE_SIZE, ...(q ? { q } : {}) },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
}

/** GET v1/me/private-messages/conversations/lookup/{id}: my conversation with that musician, or null when there is
 *  none yet. */
export function useConversationWith(accountId: string) {
  return useQuery({
    queryKey: messageKeys.with(accountId),
    // Asked again on each visit: the other musician may have written first since.
    staleTime: 0,
    queryFn: (): Promise<Conversation | null> => api.call('lookupConversation', { params: { id: accountId } }),
    retry: false,
  });
}

/** POST v1/me/private-messages/conversations: the one conversation with a musician, opened if needed. */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['messages', 'open'],
    mutationFn: (accountId: string) => api.call('openConversation', { body: { accountId } }),
    onSuccess: (conversation, accountId) => queryClient.setQueryData(messageKeys.with(accountId), conversation),
  });
}

/** The conversation with that id among the lists already loaded (for a toast's sender, a thread's header). */
export function findLoadedConversation(
  queryClient: ReturnType<typeof useQueryClient>,
  conversationId: string,
): Conversation | undefined {
  for (const [, data] of queryClient.getQueriesData<{ pages: { items: Conversation[] }[] }>({
    queryKey: messageKeys.lists,
  })) {
    const found = data?.pages.flatMap((p) => p.items).find((c) => c.id === conversationId);
    if (found) return found;
  }
  return undefined;
}

/** How long a sender's names stay known without asking again (several messages in a row ask once). */
const MEMBER_STALE_MS = 5 * 60_000;

/** GET v1/accounts/{id}/public: a visible musician's names, avatar and verified flag, by id (cached a while). */
export function fetchPublicAccount(
  queryClient: ReturnType<typeof useQueryClient>,
  accountId: string,
): Promise<PublicAccount> {
  return queryClient.fetchQuery({
    queryKey: messageKeys.member(accountId),
    queryFn: () => api.call('getPublicAccount', { params: { id: accountId } }),
    staleTime: MEMBER_STALE_MS,
  });
}
