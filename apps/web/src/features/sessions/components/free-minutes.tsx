import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { SESSIONS_NS } from '../translations';

/** The section of the online help (public/help.html) that explains the monthly allowance, per language. */
const HELP_SECTION: Record<string, string> = { en: 'free-minutes', fr: 'minutes-gratuites' };

/**
 * "N minutes of open rehearsal left this month — How free minutes work"; nothing when subscribed (null). The
 * subscription screen does not exist yet, so the link explains the allowance instead of offering to subscribe: no
 * link may lead to a missing screen.
 */
export function FreeMinutes({ minutes, short = false }: { minutes: number | null | undefined; short?: boolean }) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tc } = useTranslation();
  if (minutes === null || minutes === undefined) return null;
  const section = HELP_SECTION[currentLanguage()] ?? HELP_SECTION.en;
  return (
    <Text size="sm" data-testid="free-minutes">
      {short ? t('minutes.short', { count: minutes }) : t('minutes.left', { count: minutes })}
      {short ? ' · ' : ' — '}
      {/* A new tab, like the footer's help: the page stays as it is (a rehearsal goes on). */}
      <Anchor href={`${getRuntimeConfig().helpUrl}#${section}`} target="_blank" rel="noopener noreferrer">
        {t('minutes.help')}
        <VisuallyHidden> {tc('footer.newTab')}</VisuallyHidden>
      </Anchor>
    </Text>
  );
}
