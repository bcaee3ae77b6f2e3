import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { SESSIONS_NS } from '../translations';

/** "N minutes of open rehearsal left this month — Subscribe to remove this limit"; nothing when subscribed (null). */
export function FreeMinutes({ minutes, short = false }: { minutes: number | null | undefined; short?: boolean }) {
  const { t } = useTranslation(SESSIONS_NS);
  if (minutes === null || minutes === undefined) return null;
  return (
    <Text size="sm" data-testid="free-minutes">
      {short ? t('minutes.short', { count: minutes }) : t('minutes.left', { count: minutes })}
      {short ? ' · ' : ' — '}
      <Anchor component={Link} to={PATHS.subscription}>
        {t('minutes.subscribe')}
      </Anchor>
    </Text>
  );
}
