import { Anchor } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { busTopics } from '@tutti/contract/bus-topics';
import type { PrivateMessage } from '@tutti/contract/messages';
import { showToast } from '../../components/ui/toast-host';
import { useBusEvent } from '../../lib/use-bus';
import { fetchPublicAccount, findLoadedConversation } from './api/conversations';
import { messageKeys } from './api/query-keys';
import { addMessageToThread, setReadMarker } from './api/thread';
import { conversationPath } from './paths';
import { MESSAGES_NS } from './translations';
import { named } from '../../lib/elision';

/** A toast's preview: one line, at most this many characters. */
const PREVIEW_MAX = 80;

export function preview(contents: string): string {
  const line = contents.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1)}…` : line;
}

/**
 * My private messages, live on every signed-in page (mounted once by the layout, social age only): the header's
 * count follows `/users/{me}/private-messages` (so every tab agrees: reading in one clears the badge in the others),
 * a loaded thread gets its new messages and read markers, the lists reload, and a message arriving while I am not
 * on its thread says so in a toast that opens it.
 */
export function MessagesRuntime({ userId }: { userId: string }) {
  const { t } = useTranslation(MESSAGES_NS);
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;

  const reloadLists = () => void queryClient.invalidateQueries({ queryKey: messageKeys.lists });

  /** Who wrote: the other member of a loaded conversation, else the author asked for by id (a first message, or no
   *  list opened yet); "A musician" when neither answers. */
  const senderName = async (message: PrivateMessage): Promise<string> => {
    const other = findLoadedConversation(queryClient, message.conversationId)?.other;
    if (other) return other.deleted ? t('member.deleted') : (other.displayedUsername ?? t('toast.someone'));
    if (!message.authorId) return t('toast.someone');
    const author = await fetchPublicAccount(queryClient, message.authorId).catch(() => null);
    return author?.displayedUsername ?? t('toast.someone');
  };

  const notify = async (message: PrivateMessage) => {
    const name = await senderName(message);
    if (where.current === conversationPath(message.conversationId)) return; // opened meanwhile
    showToast({
      message: t('toast.from', { ...named(name), text: preview(message.contents) }),
      action: (
        <Anchor component={Link} to={conversationPath(message.conversationId)} size="sm">
          {t('toast.open')}
        </Anchor>
      ),
    });
  };

  useBusEvent(
    busTopics.privateMessages(userId),
    'PrivateMessagesEventSchema',
    (event) => {
      queryClient.setQueryData(messageKeys.unread, event.unreadConversations);
      if (event.event === 'message') {
        addMessageToThread(queryClient, event.message);
        reloadLists();
        const mine = event.message.authorId === userId;
        if (!mine && where.current !== conversationPath(event.message.conversationId)) void notify(event.message);
      } else if (event.event === 'read') {
        const whose = event.readerId === userId ? 'mine' : 'other';
        setReadMarker(queryClient, event.conversationId, whose, event.readUpTo);
        reloadLists();
      } else {
        // A block or an unblock: which conversations I see, and whether I may write, changed.
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      }
    },
    // Back after a lost connection: messages and markers may have been missed.
    () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  );
  return null;
}
