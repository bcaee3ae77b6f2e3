import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { AvailableProduct } from '@tutti/contract/subscriptions';
import { formatPrice } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { SUBSCRIPTIONS_NS } from '../translations';

/**
 * One offer: name, description, price per month, its trial when this musician may still start it, and the button
 * that starts it ("Start my free trial" or "Subscribe"); none while a subscription is current.
 */
export function OfferCard({ product, onSubscribe }: { product: AvailableProduct; onSubscribe?: () => void }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const locale = currentLanguage();
  const description = product.description[locale];
  const trial = Boolean(product.trial && product.trialAvailable);
  return (
    <Paper component="li" withBorder radius="md" p="md" h="100%">
      <Stack gap="sm" justify="space-between" h="100%">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={3} size="h4">
              {product.name[locale]}
            </Title>
            {trial && product.trial && (
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
        {onSubscribe ? (
          <Button onClick={onSubscribe} variant={trial ? 'filled' : 'light'}>
            {trial ? t('offers.startTrial') : t('offers.subscribe')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('offers.subscribed')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
