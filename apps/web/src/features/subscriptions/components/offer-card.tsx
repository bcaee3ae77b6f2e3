import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { AvailableProduct } from '@tutti/contract/subscriptions';
import { formatPrice } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { SUBSCRIPTIONS_NS } from '../translations';

/**
 * One offer: name, description, price per month, its trial when this musician may still start it. Paying by card
 * comes later: the card's foot says how to get the offer now, and is where the subscribe button will go.
 */
export function OfferCard({ product }: { product: AvailableProduct }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const locale = currentLanguage();
  const description = product.description[locale];
  return (
    <Paper component="li" withBorder radius="md" p="md" h="100%">
      <Stack gap="sm" justify="space-between" h="100%">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={3} size="h4">
              {product.name[locale]}
            </Title>
            {product.trial && product.trialAvailable && (
              <Badge color="violet" variant="light" radius="sm" tt="none">
                {t(`offers.trial.${product.trial.unit}`, { count: product.trial.length })}
              </Badge>
            )}
          </Group>
          {description && <Text size="sm">{description}</Text>}
          <Text fw={700} size="lg">
            {t('offers.perMonth', { price: formatPrice(product.priceCents, locale, product.currency) })}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed">
          {t('offers.howTo')}
        </Text>
      </Stack>
    </Paper>
  );
}
