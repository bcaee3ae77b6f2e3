import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session';
import { useOnlineCount } from '../api/online-count';
import { HALL_NS } from '../../../lib/translations/hall';

/** The hall's greeting and how many musicians are online; the sessions lobby below it comes from its own feature. */
export function HallGreeting() {
  const { t } = useTranslation(HALL_NS);
  const user = useCurrentUser();
  const online = useOnlineCount();
  if (!user) return null;
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {t('hall.greeting', { name: user.displayedUsername })}
        </Title>
        <Text c="dimmed">{t('hall.intro')}</Text>
      </Stack>
      {online.data ? (
        <Badge size="lg" variant="dot" color="teal" radius="sm" tt="none">
          {t('hall.online', { count: online.data.online })}
        </Badge>
      ) : (
        // The badge's place while the count loads (a large badge is 26 px high): on a phone it has a line of its own,
        // and its arrival would push the whole hall down.
        online.isPending && <Skeleton height={26} width={190} radius="sm" aria-hidden />
      )}
    </Group>
  );
}
