import { Tooltip } from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_NS } from '../translations';

/** The verified musician's check mark, named for screen readers and explained on hover. */
export function VerifiedMark({ size = 16 }: { size?: number }) {
  const { t } = useTranslation(COMMUNITY_NS);
  return (
    <Tooltip label={t('verified')} withArrow>
      <svg
        role="img"
        aria-label={t('verified')}
        width={size}
        height={size}
        viewBox="0 0 16 16"
        style={{ flex: 'none', color: 'var(--mantine-color-violet-7)' }}
      >
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M4.5 8.2 7 10.6l4.6-5" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </Tooltip>
  );
}
