import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '@tutti/contract/subscriptions';
import { SUBSCRIPTIONS_NS } from '../translations';

/** Stripe's status names (SPEC section 4) in words: trial, active, payment late… Filled with dark shades, so the
 *  white text stays above 4.5:1 (as the session cards' badges). */
const COLOR: Record<SubscriptionStatus, string> = {
  trialing: 'violet.7',
  active: 'teal.9',
  past_due: 'red.9',
  canceled: 'gray.8',
  incomplete: 'red.9',
};

export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  return (
    <Badge color={COLOR[status]} variant="filled" radius="sm" tt="none">
      {t(`current.status.${status}`)}
    </Badge>
  );
}
