import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentCard } from '@tutti/contract/payments';
import type { AvailableProduct, Subscription, Trial } from '@tutti/contract/subscriptions';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDate, formatPrice } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { cardExpiry, cardName } from '../payments/card-label';
import { SUBSCRIPTIONS_NS } from '../translations';

/** When a trial started now ends: days later, or the same day months later (the server's calendar decides). */
export function trialEndFrom(trial: Trial, now: Date = new Date()): Date {
  const end = new Date(now);
  if (trial.unit === 'day') end.setUTCDate(end.getUTCDate() + trial.length);
  else end.setUTCMonth(end.getUTCMonth() + trial.length);
  return end;
}

export const priceOf = (product: Pick<AvailableProduct, 'priceCents' | 'currency'>) =>
  formatPrice(product.priceCents, currentLanguage(), product.currency);

interface ConfirmStepProps {
  product: AvailableProduct;
  card: PaymentCard;
  trial: boolean;
  busy: boolean;
  failure: string | null;
  passwordError: string | null;
  onPasswordEdit: () => void;
  onOtherCard: () => void;
  onSubmit: (password: string) => void;
}

/** SPEC section 5: the card charged, what will happen, and the password that confirms it. */
export function ConfirmStep(props: ConfirmStepProps) {
  const { product, card, trial, busy, failure, passwordError } = props;
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const locale = currentLanguage();
  const [password, setPassword] = useState('');
  const price = priceOf(product);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) props.onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('subscribe.cardHeading')}
              </Text>
              <Text fw={600}>{cardName(t, card)}</Text>
              <Text size="sm" c="dimmed">
                {cardExpiry(t, card)}
              </Text>
            </Stack>
            <Button variant="subtle" size="sm" onClick={props.onOtherCard} disabled={busy}>
              {t('subscribe.useAnother')}
            </Button>
          </Group>
        </Paper>
        <Stack gap={4}>
          <Text fw={700}>
            {trial && product.trial
              ? t('subscribe.trialSummary', { date: formatDate(trialEndFrom(product.trial), locale), price })
              : t('subscribe.paidSummary', { price })}
          </Text>
          {trial && (
            <Text size="sm" c="dimmed">
              {t('subscribe.trialNote')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('subscribe.cancelAnytime')}
          </Text>
        </Stack>
        {failure && <FormAlert kind="error">{failure}</FormAlert>}
        <PasswordInput
          label={t('subscribe.password')}
          description={t('subscribe.passwordHelp')}
          autoComplete="current-password"
          required
          value={password}
          error={passwordError}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            props.onPasswordEdit();
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {trial ? t('subscribe.submitTrial') : t('subscribe.submitPaid', { price })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The post-subscription confirmation (SPEC section 2): what they got, until when, and the way back to the hall. */
export function DoneStep({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const locale = currentLanguage();
  const { product } = subscription;
  const price = formatPrice(product.priceCents, locale, product.currency);
  const trialEnd = subscription.status === 'trialing' ? subscription.trialEnd : null;
  return (
    <Stack gap="md" data-testid="subscription-done">
      <FormAlert kind="success">
        <Stack gap={4}>
          <Title order={3} size="h4">
            {t('subscribe.doneTitle', { product: product.name[locale] })}
          </Title>
          <Text size="sm">
            {trialEnd
              ? t('subscribe.doneTrial', { date: formatDate(trialEnd, locale), price })
              : t('subscribe.donePaid', { price, date: formatDate(subscription.currentPeriodEnd, locale) })}
          </Text>
          <Text size="sm">{t('subscribe.doneUnlimited')}</Text>
        </Stack>
      </FormAlert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('subscribe.close')}
        </Button>
        <Button component={Link} to={PATHS.hall}>
          {t('subscribe.backToHall')}
        </Button>
      </Group>
    </Stack>
  );
}
