import { useState, type FormEvent } from 'react';
import { Button, Group, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
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
import type { PaymentCard, SubscriptionQuote } from '@tutti/contract/payments';
import { CURRENCY, type AvailableProduct, type Subscription } from '@tutti/contract/subscriptions';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatDate, formatPrice } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { cardExpiry, cardName } from '../payments/card-label';
import { SUBSCRIPTIONS_NS } from '../translations';

export const priceOf = (cents: number) => formatPrice(cents, currentLanguage(), CURRENCY);

/** What the page explains after a 409 AMOUNT_CHANGED: the amount it showed before the server's new quote. */
export interface AmountChange {
  beforeCents: number;
}

interface ConfirmStepProps {
  product: AvailableProduct;
  card: PaymentCard;
  /** What the server says this card and account pay today; null while it is asked. */
  quote: SubscriptionQuote | null;
  changed: AmountChange | null;
  busy: boolean;
  failure: string | null;
  passwordError: string | null;
  onPasswordEdit: () => void;
  onOtherCard: () => void;
  onSubmit: (password: string) => void;
}

/** SPEC section 5: the card charged, exactly what it pays today and after (the server's quote), and the password that
 *  confirms it. */
export function ConfirmStep(props: ConfirmStepProps) {
  const { product, card, quote, changed, busy, failure, passwordError } = props;
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const locale = currentLanguage();
  const [password, setPassword] = useState('');
  const price = quote && priceOf(quote.priceCents);
  const today = quote && priceOf(quote.amountTodayCents);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && quote) props.onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy || !quote}>
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
        <Stack gap={4} aria-live="polite">
          {quote ? (
            <Text fw={700} data-testid="quote-summary">
              {quote.trial && quote.trialEnd
                ? t('subscribe.trialSummary', { date: formatDate(quote.trialEnd, locale), price })
                : t('subscribe.paidSummary', { today, price })}
            </Text>
          ) : (
            <Loader size="sm" aria-label={tc('loading')} />
          )}
          {quote && product.trial && (
            <Text size="sm" c="dimmed">
              {quote.trial ? t('subscribe.trialNote') : t('subscribe.noTrialNote')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('subscribe.cancelAnytime')}
          </Text>
        </Stack>
        {changed && quote && (
          <FormAlert kind="error">
            {changed.beforeCents === 0 && !quote.trial
              ? t('subscribe.trialGone', { today })
              : t('subscribe.amountChanged', { today, before: priceOf(changed.beforeCents) })}
          </FormAlert>
        )}
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
          <Button type="submit" loading={busy} disabled={!quote}>
            {quote?.trial ? t('subscribe.submitTrial') : t('subscribe.submitPaid', { today: today ?? '' })}
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
