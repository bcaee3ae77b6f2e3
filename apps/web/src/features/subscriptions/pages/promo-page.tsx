import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { PromoCodeForm } from '../components/promo-code-form';
import { SUBSCRIPTIONS_NS } from '../translations';

/** /promo (SPEC section 2): the promo code form alone; once a code is applied, the way to my subscription. */
export function PromoPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  useTitle(t('promo.title'));
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{t('promo.heading')}</Title>
        <Text c="dimmed">{t('promo.intro')}</Text>
      </Stack>
      <Paper withBorder radius="lg" p="lg">
        <PromoCodeForm
          afterSuccess={
            <Anchor component={Link} to={PATHS.subscription} fw={600}>
              {t('promo.seeSubscription')}
            </Anchor>
          }
        />
      </Paper>
    </Stack>
  );
}
