import { Alert, Box, Button, Center, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivateMessage } from '@tutti/contract/messages';
import { showToast } from '../../../components/ui/toast-host';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useTitle } from '../../../lib/use-title';
import { useMarkRead, useSendMessage, type ThreadData } from '../api/thread';
import { MESSAGES_NS } from '../translations';
import { useOtherTyping, useTypingPublisher } from '../use-typing';
import { Composer } from './composer';
import { MessageList, type PendingMessage } from './message-list';
import { ThreadHeader, useMemberName } from './thread-header';

/** Within this many pixels of an edge counts as being there (the top loads earlier messages). */
const EDGE_PX = 48;

interface ThreadViewProps {
  conversationId: string;
  headingId: string;
  myId: string;
  data: ThreadData;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  loadEarlier: () => void;
}

/** Oldest first, each message once (a page boundary may repeat one that arrived live). */
export function chronological(data: ThreadData): PrivateMessage[] {
  const seen = new Set<string>();
  const out: PrivateMessage[] = [];
  for (const page of data.pages) {
    for (const message of page.messages) {
      if (seen.has(message.messageId)) continue;
      seen.add(message.messageId);
      out.push(message);
    }
  }
  return out.reverse();
}

export function ThreadView(props: ThreadViewProps) {
  const { conversationId, headingId, myId, data, hasEarlier, loadingEarlier, loadEarlier } = props;
  const { t } = useTranslation(MESSAGES_NS);
  const { t: tc } = useTranslation();
  const first = data.pages[0];
  const conversation = first?.conversation;
  const other = conversation?.other;
  const memberName = useMemberName();
  const name = other ? memberName(other) : '';
  useTitle(`${name} · ${t('list.title')}`);

  const messages = useMemo(() => chronological(data), [data]);
  const newest = messages[messages.length - 1];
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const stored = useMemo(() => new Set(messages.map((m) => m.clientMessageId)), [messages]);
  const shownPending = pending.filter((p) => !stored.has(p.clientMessageId));
  const [closedHere, setClosedHere] = useState(false);
  const canWrite = (conversation?.canWrite ?? false) && !closedHere;

  const send = useSendMessage(conversationId);
  const markRead = useMarkRead(conversationId);
  const { typing, clear: clearTyping } = useOtherTyping(conversationId, myId);
  const publisher = useTypingPublisher(conversationId);
  const composer = useRef<HTMLTextAreaElement>(null);

  // ---- sending: optimistic, each message with its own id; a retry sends the same id (stored once)
  const deliver = (contents: string, clientMessageId: string, writtenAt: string) => {
    setPending((list) => [
      ...list.filter((p) => p.clientMessageId !== clientMessageId),
      { clientMessageId, contents, failed: false, writtenAt },
    ]);
    stickToBottom.current = true;
    send.mutateAsync({ contents, clientMessageId }).then(
      () => setPending((list) => list.filter((p) => p.clientMessageId !== clientMessageId)),
      (error: unknown) => {
        setPending((list) => list.map((p) => (p.clientMessageId === clientMessageId ? { ...p, failed: true } : p)));
        if (error instanceof ApiError && error.code === 'CONVERSATION_CLOSED') setClosedHere(true);
        else showToast({ message: errorText(tc, error), color: 'red' });
      },
    );
  };
  const onSend = (contents: string) => {
    publisher.stop();
    deliver(contents, crypto.randomUUID(), new Date().toISOString());
  };

  // ---- reading: what I see is read (the newest message, while the page is visible)
  const marked = useRef<string | null>(null);
  useEffect(() => {
    const target = newest?.messageId;
    if (!target || !first) return undefined;
    const behind = first.myReadUpTo !== target && (newest.authorId !== myId || first.conversation.unreadCount > 0);
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === target || !behind) return;
      marked.current = target;
      markRead.mutate(target, { onError: () => (marked.current = null) });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
    // markRead is a new object each render; its mutate is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest, first?.myReadUpTo, first?.conversation.unreadCount, myId]);

  // ---- live: their message ends their "typing", and is announced
  const [announce, setAnnounce] = useState('');
  const lastNewest = useRef(newest?.messageId);
  useEffect(() => {
    if (!newest || lastNewest.current === newest.messageId) return;
    lastNewest.current = newest.messageId;
    if (newest.authorId !== myId) {
      clearTyping();
      setAnnounce(t('thread.newMessage', { name, text: newest.contents }));
    }
  }, [newest, myId, name, clearTyping, t]);

  // ---- scrolling: start at the newest; follow new ones when at the bottom; earlier pages keep the view still
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const oldest = messages[0]?.messageId;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (fromBottom.current !== null) {
      // An earlier page was added above: the same distance from the bottom is the same place on screen.
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [oldest, newest?.messageId, shownPending.length, typing]);
  const earlier = () => {
    const el = scroller.current;
    if (!hasEarlier || loadingEarlier) return;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    loadEarlier();
  };
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX) earlier();
  };
  useEffect(() => {
    // A wide screen starts in the composer; a phone's keyboard waits for a tap, and its focus goes to the thread's
    // heading (the list's link it came from is gone from the screen).
    if (canWrite && window.matchMedia?.('(min-width: 62em)').matches) composer.current?.focus();
    else document.getElementById(headingId)?.focus({ preventScroll: true });
    // Once, on opening the thread.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!conversation || !other) return null;
  return (
    <>
      <ThreadHeader other={other} headingId={headingId} />
      <Box
        ref={scroller}
        onScroll={onScroll}
        flex={1}
        px={{ base: 'sm', sm: 'md' }}
        py="md"
        style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
        tabIndex={0}
        role="region"
        aria-label={t('thread.history', { name })}
        data-testid="thread-scroller"
      >
        {hasEarlier ? (
          <Center mb="sm">
            <Button variant="subtle" size="xs" onClick={earlier} loading={loadingEarlier}>
              {t('thread.earlier')}
            </Button>
          </Center>
        ) : (
          <Text size="sm" c="dimmed" ta="center" mb="md">
            {t('thread.start', { name })}
          </Text>
        )}
        <MessageList
          messages={messages}
          pending={shownPending}
          myId={myId}
          otherReadUpTo={first?.otherReadUpTo ?? null}
          onRetry={(p) => deliver(p.contents, p.clientMessageId, p.writtenAt)}
        />
      </Box>
      <Box px={{ base: 'sm', sm: 'md' }} pb="sm" pt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="xs" c="dimmed" fs="italic" h={20} aria-live="polite" data-testid="typing">
          {typing ? t('thread.typing', { name }) : ''}
        </Text>
        {canWrite ? (
          <Composer ref={composer} name={name} onSend={onSend} onInput={publisher.input} />
        ) : (
          <Alert color="gray" variant="light" radius="md" role="status">
            <Text size="sm">{t('thread.closed')}</Text>
          </Alert>
        )}
      </Box>
      <VisuallyHidden aria-live="polite">{announce}</VisuallyHidden>
    </>
  );
}
