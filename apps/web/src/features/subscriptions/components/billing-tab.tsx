import { Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTIONS_NS } from '../translations';
import { CardsList } from './cards-list';
import { InvoicesTable } from './invoices-table';

/** /me/preferences?tab=billing (SPEC section 2; the billing emails link here): my cards and my invoices. */
export function BillingTab() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('billing.heading')}
        </Title>
        <Text c="dimmed">{t('billing.intro')}</Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="billing-cards">
        <Title order={3} size="h4" id="billing-cards">
          {t('billing.cards')}
        </Title>
        <CardsList />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="billing-invoices">
        <Title order={3} size="h4" id="billing-invoices">
          {t('billing.invoices')}
        </Title>
        <InvoicesTable />
      </Stack>
    </Stack>
  );
}
