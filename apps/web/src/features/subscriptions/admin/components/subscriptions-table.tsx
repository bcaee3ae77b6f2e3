import { Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import type { AdminSubscription, SubscriptionSort } from '@tutti/contract/subscriptions';
import { SortHeader } from '../../../../components/ui/sort-header';
import type { ListState } from '../../../../lib/list-params';
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

/** Every subscription of a page: musician, product, status, source, start, period end and cancellation; the
 *  musician, the start and the period end sort the list. */
export function SubscriptionsTable({
  subscriptions,
  sort,
  onSort,
}: {
  subscriptions: readonly AdminSubscription[];
  sort: Pick<ListState<SubscriptionSort>, 'sort' | 'order'>;
  onSort: (column: SubscriptionSort) => void;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const locale = currentLanguage();
  const header = (column: SubscriptionSort, label: string) => (
    <SortHeader
      label={label}
      sortLabel={t('subscriptions.sortBy', { column: label })}
      active={sort.sort === column}
      order={sort.order}
      onSort={() => onSort(column)}
    />
  );
  return (
    // Nothing in it takes focus: the scrolling box itself does, named, so keyboards can scroll it on phones.
    <Table.ScrollContainer
      minWidth={1000}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('subscriptions.tableLabel') },
      }}
    >
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('username', t('subscriptions.columns.account'))}
            <Table.Th>{t('subscriptions.columns.product')}</Table.Th>
            <Table.Th>{t('subscriptions.columns.status')}</Table.Th>
            <Table.Th>{t('subscriptions.columns.source')}</Table.Th>
            {header('createdAt', t('subscriptions.columns.createdAt'))}
            {header('currentPeriodEnd', t('subscriptions.columns.periodEnd'))}
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
                  {formatDate(s.createdAt, locale)}
                </Text>
              </Table.Td>
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
