import { useTranslation } from 'react-i18next';
import type { NalsStatus } from '../../../lib/nals/nals-state';
import { NALS_NS } from '../translations';

const COLORS: Record<NalsStatus, string> = {
  connected: 'var(--mantine-color-teal-7)',
  disconnected: 'var(--mantine-color-gray-6)',
  error: 'var(--mantine-color-red-7)',
};

/** The audio client's state at a glance (spec section 2): a speaker with a badge, named for screen readers. */
export function StatusIcon({ status, size = 22 }: { status: NalsStatus; size?: number }) {
  const { t } = useTranslation(NALS_NS);
  const color = COLORS[status];
  return (
    <svg
      role="img"
      aria-label={t(`menu.status.${status}`)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      data-status={status}
      style={{ flex: 'none' }}
    >
      <title>{t(`menu.status.${status}`)}</title>
      <path d="M3 9.5h3.5L11 5.5v13l-4.5-4H3z" fill={color} />
      {status === 'connected' && (
        <path
          d="M14 8.5a5 5 0 0 1 0 7M16.5 6a8.5 8.5 0 0 1 0 12"
          fill="none"
          stroke={color}
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      )}
      {status === 'disconnected' && (
        <path d="M14.5 9.5l5 5m0-5l-5 5" fill="none" stroke={color} strokeWidth="1.8" strokeLinecap="round" />
      )}
      {status === 'error' && (
        <>
          <circle cx="18" cy="12" r="5" fill={color} />
          <path d="M18 9.3v3.3" stroke="white" strokeWidth="1.7" strokeLinecap="round" />
          <circle cx="18" cy="14.8" r="0.95" fill="white" />
        </>
      )}
    </svg>
  );
}
