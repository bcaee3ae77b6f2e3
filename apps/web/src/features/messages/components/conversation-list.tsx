import {
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Conversation } from '@tutti/contract/messages';
import { LoadError } from '../../../components/ui/load-error';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { MusicianAvatar } from '../../../components/ui/musician-avatar';
import { useConversations } from '../api/conversations';
import { conversationPath } from '../paths';
import { MESSAGES_NS } from '../translations';
import { listTime } from './format';
import { useMemberName } from './thread-header';

function Row({ conversation, selected, myId }: { conversation: Conversation; selected: boolean; myId: string }) {
  const { t } = useTranslation(MESSAGES_NS);
  const name = useMemberName()(conversation.other);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount > 0;
  const text = last ? last.contents.replace(/\s+/g, ' ') : t('list.noMessage');
  const shown = last && last.authorId === myId ? t('list.you', { text }) : text;
  return (
    <UnstyledButton
      component={Link}
      to={conversationPath(conversation.id)}
      aria-current={selected ? 'page' : undefined}
      data-testid="conversation"
      data-unread={unread || undefined}
      px="sm"
      py="xs"
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-color-violet-0)' : undefined,
      }}
      className="conversation-row"
    >
      <Group gap="sm" wrap="nowrap">
        <MusicianAvatar picture={conversation.other.deleted ? null : conversation.other.profilePicture} size={44} />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={unread ? 800 : 600} size="sm" truncate fs={conversation.other.deleted ? 'italic' : undefined}>
              {name}
            </Text>
            <Text size="xs" c={unread ? 'violet.8' : 'dimmed'} fw={unread ? 700 : undefined} style={{ flexShrink: 0 }}>
              <time dateTime={conversation.updatedAt}>
                {listTime(conversation.updatedAt, currentLanguage(), new Date())}
              </time>
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c={unread ? 'dark.8' : 'dimmed'} fw={unread ? 600 : undefined} truncate>
              {shown}
            </Text>
            {unread && (
              <>
                <Badge size="sm" circle color="violet.7" style={{ flexShrink: 0 }} aria-hidden>
                  {conversation.unreadCount > 99 ? '99+' : conversation.unreadCount}
                </Badge>
                <VisuallyHidden>{t('list.unread', { count: conversation.unreadCount })}</VisuallyHidden>
              </>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" p="sm" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Group key={i} gap="sm" wrap="nowrap">
          <Skeleton circle height={44} />
          <Stack gap={6} flex={1}>
            <Skeleton height={12} width="50%" />
            <Skeleton height={10} width="80%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

interface ConversationListProps {
  q: string;
  /** What the search field shows (the URL's `q` follows it after a pause). */
  input: string;
  onInput: (value: string) => void;
  selectedId: string | null;
  myId: string;
}

/** /messages: my conversations, most recent first, searchable by name, with "Show more". */
export function ConversationList({ q, input, onInput, selectedId, myId }: ConversationListProps) {
  const { t } = useTranslation(MESSAGES_NS);
  const list = useConversations(q);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError)
    body = (
      <Box p="sm">
        <LoadError text={t('list.loadError')} onRetry={() => void list.refetch()} />
      </Box>
    );
  else if (items.length === 0 && q)
    body = (
      <Text c="dimmed" size="sm" p="md" role="status">
        {t('list.noMatch', { q })}
      </Text>
    );
  else if (items.length === 0)
    body = (
      <Stack gap="sm" p="md" align="flex-start" data-testid="messages-empty">
        <Text fw={600}>{t('list.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('list.emptyHint')}
        </Text>
        <Button component={Link} to={PATHS.search} variant="light" size="sm">
          {t('list.toSearch')}
        </Button>
      </Stack>
    );
  else
    body = (
      <Stack gap={2} p={6} component="ul" aria-label={t('list.label')} style={{ listStyle: 'none', margin: 0 }}>
        {items.map((c) => (
          <li key={c.id}>
            <Row conversation={c} selected={c.id === selectedId} myId={myId} />
          </li>
        ))}
      </Stack>
    );

  return (
    <Stack gap={0} h="100%">
      <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <TextInput
          type="search"
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={input}
          onChange={(event) => onInput(event.currentTarget.value)}
          radius="xl"
          rightSection={list.isFetching && !list.isPending ? <Loader size={14} /> : null}
        />
      </Box>
      <Box flex={1} style={{ overflowY: 'auto' }}>
        {body}
        {list.hasNextPage && (
          <Center p="sm">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t('list.more')}
            </Button>
          </Center>
        )}
      </Box>
    </Stack>
  );
}
