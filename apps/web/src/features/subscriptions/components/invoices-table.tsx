import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '@tutti/contract/payments';
import { LoadError } from '../../../components/ui/load-error';
import { formatDate, formatPrice } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useInvoices } from '../api/payments';
import { SUBSCRIPTIONS_NS } from '../translations';

/** SPEC section 4: paid, waiting (open), error (uncollectible), canceled (void); dark fills keep white text at 4.5:1. */
const COLOR: Record<InvoiceStatus, string> = {
  paid: 'teal.9',
  open: 'orange.9',
  uncollectible: 'red.9',
  void: 'gray.8',
};

/** My invoices, the most recent first: date, number, offer, amount, status, and the PDF in a new tab. */
export function InvoicesTable() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const invoices = useInvoices();
  const locale = currentLanguage();
  if (invoices.isError && !invoices.data)
    return <LoadError text={t('billing.invoicesLoadError')} onRetry={() => void invoices.refetch()} />;
  if (!invoices.data) return <Text c="dimmed">{tc('loading')}</Text>;
  if (invoices.data.length === 0) return <Text c="dimmed">{t('billing.noInvoice')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('billing.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('billing.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('billing.columns.product')}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              {t('billing.columns.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('billing.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('billing.columns.pdf')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.data.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>
                <time dateTime={invoice.createdAt}>{formatDate(invoice.createdAt, locale)}</time>
              </Table.Td>
              <Table.Td>{invoice.number}</Table.Td>
              <Table.Td>{invoice.productName}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatPrice(invoice.amountCents, locale, invoice.currency)}
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Badge color={COLOR[invoice.status]} variant="filled" radius="sm" tt="none">
                    {t(`billing.status.${invoice.status}`)}
                  </Badge>
                  {invoice.status === 'open' && invoice.nextAttemptAt && (
                    <Text size="xs" c="dimmed">
                      {t('billing.nextAttempt', { date: formatDate(invoice.nextAttemptAt, locale) })}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Anchor
                  href={invoice.pdfUrl}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('billing.pdfLabel', { number: invoice.number })}
                >
                  {t('billing.pdf')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
