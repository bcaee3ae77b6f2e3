import { useEffect, useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { MusicianCard } from '@tutti/contract/community';
import { FormAlert } from '../../../components/ui/form-alert';
import { showToast } from '../../../components/ui/toast-host';
import { errorText } from '../../../lib/error-text';
import { BLOCKED_PAGE_SIZE, useBlockedMusicians, useUnblock } from '../api/blocked';
import { MusicianAvatar } from '../components/musician-avatar';
import { ME_NS } from '../../../lib/translations/me';

function BlockedRow({
  musician,
  pending,
  onUnblock,
}: {
  musician: MusicianCard;
  pending: boolean;
  onUnblock: () => void;
}) {
  const { t } = useTranslation(ME_NS);
  const name = musician.displayedUsername;
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" gap="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <MusicianAvatar picture={musician.profilePicture} size={44} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {name}
            </Text>
            {name !== musician.username && (
              <Text size="sm" c="dimmed" truncate="end">
                @{musician.username}
              </Text>
            )}
          </Stack>
        </Group>
        <Button
          variant="light"
          size="sm"
          style={{ flexShrink: 0 }}
          aria-label={t('blocked.unblockName', { name })}
          loading={pending}
          onClick={onUnblock}
        >
          {t('blocked.unblock')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Preferences, "Blocked musicians" (SPEC section 7, Social): whom I blocked, a page at a time, to unblock. */
export function BlockedTab() {
  const { t } = useTranslation(ME_NS);
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(1);
  const blocked = useBlockedMusicians(page);
  // Here rather than in a row: the row leaves the list as the list reloads, and the toast must still come.
  const unblock = useUnblock();
  const onUnblock = (musician: MusicianCard) => {
    const name = musician.displayedUsername;
    unblock.mutate(musician.id, {
      onSuccess: () => showToast({ message: t('blocked.unblocked', { name }) }),
      onError: (error) => showToast({ message: errorText(tc, error), color: 'red' }),
    });
  };
  const total = blocked.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BLOCKED_PAGE_SIZE));
  // The last one of a page unblocked: back to the page before.
  useEffect(() => {
    if (blocked.data && page > pages) setPage(pages);
  }, [blocked.data, page, pages]);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('blocked.heading')}
        </Title>
        <Text c="dimmed">{t('blocked.intro')}</Text>
      </Stack>
      {blocked.isPending && <Loader aria-label={tc('loading')} />}
      {blocked.isError && <FormAlert kind="error">{errorText(tc, blocked.error)}</FormAlert>}
      {blocked.data && total === 0 && <Text>{t('blocked.empty')}</Text>}
      {blocked.data && blocked.data.items.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t('blocked.count', { count: total })}
          </Text>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {blocked.data.items.map((m) => (
              <BlockedRow
                key={m.id}
                musician={m}
                pending={unblock.isPending && unblock.variables === m.id}
                onUnblock={() => onUnblock(m)}
              />
            ))}
          </Stack>
        </>
      )}
      {pages > 1 && (
        <Group component="nav" aria-label={t('blocked.pages')} justify="center" gap="sm">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('blocked.previous')}
          </Button>
          <Text size="sm">{t('blocked.pageOf', { page, pages })}</Text>
          <Button variant="default" size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('blocked.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
