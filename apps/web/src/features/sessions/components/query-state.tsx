import type { ReactNode } from 'react';
import { Box, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Session } from '@tutti/contract/sessions';
import { SESSIONS_NS } from '../translations';

/** What QueryState reads of a query, plain or infinite. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** What ShowMore reads of an infinite query. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A query's three faces: loading, failed (with a retry), or its data. `skeleton`, when given, stands in while loading
 * with the size of what comes (a list of cards' outlines), so the page does not move when the data arrives.
 */
export function QueryState<T>({
  query,
  children,
  skeleton,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  skeleton?: ReactNode;
}) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <Group gap="sm">
        <Text c="red.8" size="sm">
          {t('common.loadError')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  }
  if (skeleton) {
    return (
      <Box aria-busy="true">
        <VisuallyHidden>{tCommon('loading')}</VisuallyHidden>
        {skeleton}
      </Box>
    );
  }
  return <Loader size="sm" aria-label={tCommon('loading')} />;
}

/** "Show more" under a paged list while the server has more (`more`: that list has more than is loaded). */
export function ShowMore({ query, more = query.hasNextPage }: { query: MorePages; more?: boolean }) {
  const { t } = useTranslation(SESSIONS_NS);
  if (!more) return null;
  return (
    <Group justify="center">
      <Button size="xs" variant="light" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {t('common.showMore')}
      </Button>
    </Group>
  );
}

/** "Invited by X" under an invitation of mine. */
export function invitationNote(t: TFunction<'sessions'>, session: Session, myId: string): string | undefined {
  const mine = session.invited.find((i) => i.musician.id === myId);
  return mine ? t('hall.invitedBy', { name: mine.invitedBy.displayedUsername }) : undefined;
}
