import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { SESSIONS_NS } from '../translations';
import { SubscribeLink } from './subscribe-link';

/** The section of the online help (public/help.html) that explains the monthly allowance, per language. */
const HELP_SECTION: Record<string, string> = { en: 'free-minutes', fr: 'minutes-gratuites' };

/**
 * "N minutes of open rehearsal left this month — Subscribe to remove this limit · How free minutes work"; nothing
 * when subscribed (null). The first link leads to the subscription screen (SPEC section 1), only while an offer is
 * enabled; the second explains the allowance in the online help.
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
      <SubscribeLink after=" · " />
      {/* A new tab, like the footer's help: the page stays as it is (a rehearsal goes on). */}
      <Anchor href={`${getRuntimeConfig().helpUrl}#${section}`} target="_blank" rel="noopener noreferrer">
        {t('minutes.help')}
        <VisuallyHidden> {tc('footer.newTab')}</VisuallyHidden>
      </Anchor>
    </Text>
  );
}
