import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_NS } from '../translations';

/** Whole milliseconds, never below 1: "≈ 0 ms" would promise what no network gives. */
export const roundDelay = (ms: number): number => Math.max(1, Math.round(ms));

/** The estimated one-way delay to a musician ("≈ 8 ms"), explained on hover and to screen readers. */
export function DelayBadge({ delayMs }: { delayMs: number | null }) {
  const { t } = useTranslation(COMMUNITY_NS);
  if (delayMs === null) return null;
  const ms = roundDelay(delayMs);
  return (
    <Tooltip label={t('delay.explain')} multiline w={260} withArrow>
      <Badge variant="outline" color="teal.9" tt="none">
        <span aria-hidden>{t('delay.value', { ms })}</span>
        <VisuallyHidden>{t('delay.label', { ms })}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
