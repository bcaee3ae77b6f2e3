import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subscription } from '@tutti/contract/subscriptions';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useOffersOpen } from '../../../lib/offers';
import { useInvoices, useRestoreSubscription } from '../api/payments';
import { SUBSCRIPTIONS_NS } from '../translations';
import { CancelDialog } from './cancel-dialog';
import { StatusBadge } from './status-badge';

const BILLING_TAB = `${PATHS.preferences}?tab=billing`;

/** past_due: the renewal failed; when the card is tried again (the open invoice says), and where to change it. */
function PastDueWarning() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const invoices = useInvoices();
  const next = invoices.data?.find((i) => i.status === 'open' && i.nextAttemptAt)?.nextAttemptAt;
  return (
    <Alert color="red" variant="light" radius="md" role="alert">
      <Stack gap={4}>
        <Text size="sm">
          {next ? t('current.pastDue', { date: formatDate(next, currentLanguage()) }) : t('current.pastDueNoDate')}
        </Text>
        <Anchor component={Link} to={BILLING_TAB} size="sm" fw={600}>
          {t('current.updateCard')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** The subscription that lifts the free-minutes limit now: its product, status, dates, what started it, and the
 *  way to cancel it (SPEC section 9) or restore it before its period is over. */
export function CurrentSubscription({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const locale = currentLanguage();
  const date = (iso: string) => formatDate(iso, locale);
  const restore = useRestoreSubscription();
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<'cancelled' | 'restored' | null>(null);
  const byCard = subscription.source === 'card';
  const periodOver = new Date(subscription.currentPeriodEnd).getTime() <= Date.now();
  return (
    <Stack gap="xs" data-testid="current-subscription">
      <Group gap="sm" align="center">
        <Title order={3} size="h4">
          {subscription.product.name[locale]}
        </Title>
        <StatusBadge status={subscription.status} />
      </Group>
      {subscription.status === 'past_due' && <PastDueWarning />}
      {notice && (
        <FormAlert kind="success">{t(`current.${notice}`, { date: date(subscription.currentPeriodEnd) })}</FormAlert>
      )}
      {restore.isError && <FormAlert kind="error">{errorText(tc, restore.error)}</FormAlert>}
      {subscription.status === 'trialing' && subscription.trialEnd && (
        <Text>{t('current.trialUntil', { date: date(subscription.trialEnd) })}</Text>
      )}
      <Text fw={600}>
        {subscription.cancelAtPeriodEnd
          ? t('current.ends', { date: date(subscription.currentPeriodEnd) })
          : t('current.renews', { date: date(subscription.currentPeriodEnd) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t(`current.source.${subscription.source}`)}
      </Text>
      {byCard && !periodOver && (
        <Group gap="sm" mt="xs">
          {subscription.cancelAtPeriodEnd ? (
            <Button
              variant="light"
              loading={restore.isPending}
              onClick={() => {
                setNotice(null);
                restore.mutate(subscription.id, { onSuccess: () => setNotice('restored') });
              }}
            >
              {t('current.restore')}
            </Button>
          ) : (
            <Button variant="default" c="red.9" onClick={() => setCancelling(true)}>
              {t('current.cancel')}
            </Button>
          )}
        </Group>
      )}
      <CancelDialog
        subscription={subscription}
        opened={cancelling}
        onClose={() => setCancelling(false)}
        onCancelled={() => {
          setCancelling(false);
          setNotice('cancelled');
        }}
      />
    </Stack>
  );
}

/** No subscription: the free minutes left this month, and what subscribing changes. */
export function NoSubscription({ minutes }: { minutes: number | null | undefined }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const offersOpen = useOffersOpen();
  return (
    <Stack gap="xs" data-testid="no-subscription">
      <Text fw={600}>{t('current.none')}</Text>
      {typeof minutes === 'number' && <Text>{t('current.minutesLeft', { count: minutes })}</Text>}
      {/* Said only while something can be subscribed to (issue 29). */}
      {offersOpen && (
        <Text size="sm" c="dimmed">
          {t('current.removesLimit')}
        </Text>
      )}
    </Stack>
  );
}
