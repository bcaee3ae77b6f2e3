import { Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import type { AdminSubscription } from '@tutti/contract/subscriptions';
import { formatDate } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { StatusBadge } from '../../components/status-badge';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

function Cancellation({ cancellation }: { cancellation: AdminSubscription['cancellation'] }) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const locale = currentLanguage();
  if (!cancellation) return <span aria-hidden="true">{t('subscriptions.notCancelled')}</span>;
  return (
    <Stack gap={2} maw={280}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(cancellation.at, locale)}
      </Text>
      <Text size="sm" fw={500}>
        {cancellation.reason ? t(`subscriptions.reasons.${cancellation.reason}`) : t('subscriptions.noReason')}
      </Text>
      {cancellation.text && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {cancellation.text}
        </Text>
      )}
    </Stack>
  );
}

/** Every subscription of a page: musician, product, status, source, period end and cancellation. */
export function SubscriptionsTable({ subscriptions }: { subscriptions: readonly AdminSubscription[] }) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const locale = currentLanguage();
  return (
    // Nothing in it takes focus: the scrolling box itself does, named, so keyboards can scroll it on phones.
    <Table.ScrollContainer
      minWidth={900}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('subscriptions.tableLabel') },
      }}
    >
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('subscriptions.columns.account')}</Table.Th>
            <Table.Th>{t('subscriptions.columns.product')}</Table.Th>
            <Table.Th>{t('subscriptions.columns.status')}</Table.Th>
            <Table.Th>{t('subscriptions.columns.source')}</Table.Th>
            <Table.Th>{t('subscriptions.columns.periodEnd')}</Table.Th>
            <Table.Th>{t('subscriptions.columns.cancellation')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {s.account.username}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {s.account.email}
                </Text>
              </Table.Td>
              <Table.Td>{s.product.name[locale]}</Table.Td>
              <Table.Td>
                <StatusBadge status={s.status} />
              </Table.Td>
              <Table.Td>{t(`subscriptions.source.${s.source}`)}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(s.currentPeriodEnd, locale)}
                </Text>
                {s.status !== 'canceled' && (
                  <Text size="xs" c="dimmed">
                    {s.cancelAtPeriodEnd ? t('subscriptions.ends') : t('subscriptions.renews')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Cancellation cancellation={s.cancellation} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
