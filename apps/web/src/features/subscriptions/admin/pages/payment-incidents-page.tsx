import { Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { LoadError } from '../../../../components/ui/load-error';
import { errorText } from '../../../../lib/error-text';
import { formatDateTime, formatPrice } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { usePaymentIncidents, useReconcilePayments } from '../api/payment-incidents';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

/**
 * /admin/payment-incidents (issue 29): payments the payment service made that the ledger does not account for, and
 * what was done with each (docs/decisions/0031); the daily comparison with the payment service can be run now.
 */
export function PaymentIncidentsPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const locale = currentLanguage();
  const list = usePaymentIncidents();
  const reconcile = useReconcilePayments();

  let body;
  if (list.isError && !list.data) {
    body = <LoadError text={t('incidents.loadError')} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else if (list.data.length === 0) {
    body = <Text c="dimmed">{t('incidents.empty')}</Text>;
  } else {
    body = (
      <Table.ScrollContainer
        minWidth={900}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('incidents.tableLabel') } }}
      >
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('incidents.columns.createdAt')}</Table.Th>
              <Table.Th>{t('incidents.columns.account')}</Table.Th>
              <Table.Th>{t('incidents.columns.amount')}</Table.Th>
              <Table.Th>{t('incidents.columns.kind')}</Table.Th>
              <Table.Th>{t('incidents.columns.status')}</Table.Th>
              <Table.Th>{t('incidents.columns.payment')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.createdAt, locale)}</Table.Td>
                <Table.Td>
                  {i.account ? (
                    <>
                      <Text fw={600} size="sm">
                        {i.account.username}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {i.account.email}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm">{t('incidents.noAccount')}</Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPrice(i.amountCents, locale)}</Table.Td>
                <Table.Td>{t(`incidents.kinds.${i.kind}`)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {t(`incidents.statuses.${i.status}`)}
                  </Text>
                  {i.error && (
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {i.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {i.paymentIntentId}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('incidents.title')} intro={t('incidents.intro')} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="md" wrap="wrap">
            <Button onClick={() => reconcile.mutate()} loading={reconcile.isPending}>
              {t('incidents.reconcile')}
            </Button>
            <Text size="sm" role="status">
              {reconcile.data &&
                t('incidents.reconciled', {
                  count: reconcile.data.charges,
                  incidents: reconcile.data.incidents,
                  settled: reconcile.data.settled,
                })}
              {reconcile.isError && errorText(tc, reconcile.error)}
            </Text>
          </Group>
          {body}
        </Stack>
      </Paper>
    </Stack>
  );
}
