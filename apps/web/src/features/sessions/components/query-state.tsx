import type { ReactNode } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Session } from '@tutti/contract/sessions';
import { SESSIONS_NS } from '../translations';

/** A query's three faces: loading, failed (with a retry), or its data. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
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
  return <Loader size="sm" aria-label={tCommon('loading')} />;
}

/** "Invited by X" under an invitation of mine. */
export function invitationNote(t: TFunction<'sessions'>, session: Session, myId: string): string | undefined {
  const mine = session.invited.find((i) => i.musician.id === myId);
  return mine ? t('hall.invitedBy', { name: mine.invitedBy.displayedUsername }) : undefined;
}
