import { Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@tutti/contract/subscriptions';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { SUBSCRIPTIONS_NS } from '../translations';
import { StatusBadge } from './status-badge';

/** Ended subscriptions, the most recent first: product, from–to, status. */
export function PastSubscriptions({ subscriptions }: { subscriptions: readonly Subscription[] }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const locale = currentLanguage();
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {subscriptions.map((s) => (
        <Group component="li" key={s.id} justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Text fw={600}>{s.product.name[locale]}</Text>
            <Text size="sm" c="dimmed">
              {t('past.period', {
                from: formatDate(s.currentPeriodStart, locale),
                to: formatDate(s.currentPeriodEnd, locale),
              })}
            </Text>
          </Stack>
          <StatusBadge status={s.status} />
        </Group>
      ))}
    </Stack>
  );
}
