import { useTranslation } from 'react-i18next';
import { useHealth } from '../../features/reference/api/health';

/** Footer dot: green while GET v1/health answers, red when it fails (spec section 8). */
export function ServerStatus() {
  const { t } = useTranslation();
  const health = useHealth();
  const state = health.isError ? 'offline' : health.isSuccess ? 'online' : 'checking';
  const label = t(`footer.status.${state}`);
  const color = { online: 'teal-6', offline: 'red-7', checking: 'gray-5' }[state];
  return (
    <span
      className="status-dot"
      role="img"
      aria-label={label}
      title={label}
      style={{ background: `var(--mantine-color-${color})` }}
    />
  );
}
