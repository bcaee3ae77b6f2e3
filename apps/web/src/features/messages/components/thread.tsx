import { Alert, Box, Button, Center, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { ApiError } from '../../../lib/api-error';
import { PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { useThread } from '../api/thread';
import { MESSAGES_NS } from '../translations';
import { ThreadView } from './thread-view';

/** The thread's frame: a column as tall as the screen allows, its messages scrolling between header and composer. */
export function ThreadFrame({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Paper
      withBorder
      radius="lg"
      component="section"
      aria-labelledby={label}
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      {children}
    </Paper>
  );
}

function ThreadSkeleton() {
  return (
    <ThreadFrame>
      <Stack p="md" gap="md" aria-hidden>
        <Skeleton height={40} width="40%" radius="xl" />
        <Skeleton height={36} width="55%" radius="lg" />
        <Skeleton height={36} width="45%" radius="lg" ml="auto" />
        <Skeleton height={36} width="60%" radius="lg" />
      </Stack>
      <Center flex={1}>
        <Loader size="sm" aria-label="" />
      </Center>
    </ThreadFrame>
  );
}

function Unavailable() {
  const { t } = useTranslation(MESSAGES_NS);
  useTitle(t('list.title'));
  return (
    <ThreadFrame>
      <Stack p="xl" gap="md" align="flex-start">
        <Alert color="gray" variant="light" radius="md" w="100%">
          <Text size="sm">{t('thread.notFound')}</Text>
        </Alert>
        <Button component={Link} to={PATHS.messages} variant="light">
          {t('thread.back')}
        </Button>
      </Stack>
    </ThreadFrame>
  );
}

/** /messages/:conversationId's thread: loading, unknown (or hidden: the same), failed, or the conversation. */
export function Thread({ conversationId, myId }: { conversationId: string; myId: string }) {
  const { t } = useTranslation(MESSAGES_NS);
  const thread = useThread(conversationId);
  if (thread.isPending) return <ThreadSkeleton />;
  if (thread.isError) {
    if (thread.error instanceof ApiError && (thread.error.status === 404 || thread.error.status === 400)) {
      return <Unavailable />;
    }
    return (
      <ThreadFrame>
        <Box p="md">
          <LoadError text={t('thread.loadError')} onRetry={() => void thread.refetch()} />
        </Box>
      </ThreadFrame>
    );
  }
  return (
    <ThreadFrame label={`thread-${conversationId}`}>
      <ThreadView
        key={conversationId}
        conversationId={conversationId}
        headingId={`thread-${conversationId}`}
        myId={myId}
        data={thread.data}
        hasEarlier={thread.hasNextPage}
        loadingEarlier={thread.isFetchingNextPage}
        loadEarlier={() => void thread.fetchNextPage()}
      />
    </ThreadFrame>
  );
}
