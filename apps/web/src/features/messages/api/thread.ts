import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { MessagePage, PrivateMessage } from '@tutti/contract/messages';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { messageKeys } from './query-keys';

export type ThreadData = InfiniteData<MessagePage, unknown>;

/** GET v2/me/private-messages/conversations/{id}: the newest page first, older ones on demand (by cursor). */
export function useThread(conversationId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam }) =>
      api.call('getConversation', {
        params: { id: conversationId },
        query: pageParam ? { before: pageParam } : {},
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    // A 404 (unknown, or the other member is hidden) is an answer, not a hiccup worth asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    // The bus keeps it current while it is shown; coming back to it reloads it.
    staleTime: 0,
  });
}

function updateThread(
  queryClient: QueryClient,
  conversationId: string,
  change: (data: ThreadData) => ThreadData,
): void {
  queryClient.setQueryData<ThreadData>(messageKeys.thread(conversationId), (data) => (data ? change(data) : data));
}

/** Adds a message (sent here, in another tab, or received) to its thread when loaded; once, whatever the path. */
export function addMessageToThread(queryClient: QueryClient, message: PrivateMessage): void {
  updateThread(queryClient, message.conversationId, (data) => {
    if (data.pages.some((p) => p.messages.some((m) => m.messageId === message.messageId))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return {
      ...data,
      pages: [
        {
          ...first,
          messages: [message, ...first.messages],
          conversation: { ...first.conversation, lastMessage: message, updatedAt: message.sentAt },
        },
        ...rest,
      ],
    };
  });
}

/** A read marker moved: the other member's ("Seen") or mine (another tab read). */
export function setReadMarker(
  queryClient: QueryClient,
  conversationId: string,
  whose: 'mine' | 'other',
  readUpTo: string,
): void {
  updateThread(queryClient, conversationId, (data) => {
    const [first, ...rest] = data.pages;
    if (!first) return data;
    const patched: MessagePage =
      whose === 'mine'
        ? { ...first, myReadUpTo: readUpTo, conversation: { ...first.conversation, unreadCount: 0 } }
        : { ...first, otherReadUpTo: readUpTo };
    return { ...data, pages: [patched, ...rest] };
  });
}

interface SendInput {
  contents: string;
  clientMessageId: string;
}

/** POST v1/me/private-messages/conversations/{id}: the same clientMessageId again is the same message, once. */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['messages', 'send', conversationId],
    mutationFn: (input: SendInput) => api.call('sendMessage', { params: { id: conversationId }, body: input }),
    onSuccess: (message) => {
      addMessageToThread(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
    },
  });
}

/** POST …/{id}/read: my marker moves to that message; the badge takes the server's new count. */
export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['messages', 'read', conversationId],
    mutationFn: (messageId: string) =>
      api.call('readConversation', { params: { id: conversationId }, body: { messageId } }),
    onSuccess: (marker) => {
      queryClient.setQueryData(messageKeys.unread, marker.unreadConversations);
      if (marker.readUpTo) setReadMarker(queryClient, conversationId, 'mine', marker.readUpTo);
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
    },
  });
}
