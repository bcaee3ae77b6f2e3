import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { NotFoundPage } from '../../../app/not-found-page';
import { ConversationList } from '../components/conversation-list';
import { Thread, ThreadFrame } from '../components/thread';
import { MESSAGES_NS } from '../translations';

/** The search waits this long after the last keystroke before it asks (and before the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;

function ChatIcon() {
  return (
    <svg width={40} height={40} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden>
      <path d="M4 5h16v11H8l-4 4V5z" strokeLinejoin="round" />
    </svg>
  );
}

function Pick() {
  const { t } = useTranslation(MESSAGES_NS);
  return (
    <ThreadFrame>
      <Stack flex={1} align="center" justify="center" gap="xs" p="xl" ta="center" c="dimmed">
        <ChatIcon />
        <Text fw={600} c="dark.6">
          {t('thread.pick')}
        </Text>
        <Text size="sm" maw={360}>
          {t('thread.pickHint')}
        </Text>
      </Stack>
    </ThreadFrame>
  );
}

function Messages({ conversationId, myId }: { conversationId: string | null; myId: string }) {
  const { t } = useTranslation(MESSAGES_NS);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [input, setInput] = useState(q);
  const [debounced] = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, setParams]);

  const open = conversationId !== null;
  return (
    <Stack gap="md">
      {!open && <ListTitle />}
      <Title order={1} size="h2" visibleFrom={open ? 'md' : undefined}>
        {t('list.title')}
      </Title>
      <Group
        align="stretch"
        gap="md"
        wrap="nowrap"
        h={{ base: open ? 'calc(100dvh - 150px)' : 'auto', md: 'calc(100dvh - 220px)' }}
        mih={open ? 420 : undefined}
      >
        <Paper
          withBorder
          radius="lg"
          w={{ base: '100%', md: 340 }}
          style={{ flexShrink: 0, overflow: 'hidden' }}
          visibleFrom={open ? 'md' : undefined}
        >
          <ConversationList q={q} input={input} onInput={setInput} selectedId={conversationId} myId={myId} />
        </Paper>
        <Box flex={1} miw={0} visibleFrom={open ? undefined : 'md'}>
          {conversationId ? <Thread conversationId={conversationId} myId={myId} /> : <Pick />}
        </Box>
      </Group>
    </Stack>
  );
}

function ListTitle() {
  const { t } = useTranslation(MESSAGES_NS);
  useTitle(t('list.title'));
  return null;
}

/**
 * /messages and /messages/:conversationId (SPEC section 2, private messages): side by side on a wide screen, two
 * screens on a phone (the list, then the thread with its way back). Musicians of the social age only: under it (no
 * Messages entry in their menu either) the address is the app's not-found page, and no social call is made.
 */
export function MessagesPage() {
  const { conversationId } = useParams();
  const user = useCurrentUser();
  if (!user?.eligibleToSocial) return <NotFoundPage />;
  return <Messages conversationId={conversationId ?? null} myId={user.id} />;
}
