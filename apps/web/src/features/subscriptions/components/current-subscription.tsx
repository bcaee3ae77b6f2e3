import { Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@tutti/contract/subscriptions';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { SUBSCRIPTIONS_NS } from '../translations';
import { StatusBadge } from './status-badge';

/** The subscription that lifts the free-minutes limit now: its product, status, dates and what started it. */
export function CurrentSubscription({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const locale = currentLanguage();
  const date = (iso: string) => formatDate(iso, locale);
  return (
    <Stack gap="xs" data-testid="current-subscription">
      <Group gap="sm" align="center">
        <Title order={3} size="h4">
          {subscription.product.name[locale]}
        </Title>
        <StatusBadge status={subscription.status} />
      </Group>
      {subscription.status === 'trialing' && subscription.trialEnd && (
        <Text>{t('current.trialEnds', { date: date(subscription.trialEnd) })}</Text>
      )}
      <Text fw={600}>
        {subscription.cancelAtPeriodEnd
          ? t('current.ends', { date: date(subscription.currentPeriodEnd) })
          : t('current.renews', { date: date(subscription.currentPeriodEnd) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t(`current.source.${subscription.source}`)}
      </Text>
    </Stack>
  );
}

/** No subscription: the free minutes left this month, and what subscribing changes. */
export function NoSubscription({ minutes }: { minutes: number | null | undefined }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  return (
    <Stack gap="xs" data-testid="no-subscription">
      <Text fw={600}>{t('current.none')}</Text>
      {typeof minutes === 'number' && <Text>{t('current.minutesLeft', { count: minutes })}</Text>}
      <Text size="sm" c="dimmed">
        {t('current.removesLimit')}
      </Text>
    </Stack>
  );
}
