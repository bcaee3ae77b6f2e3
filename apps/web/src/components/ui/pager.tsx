import { Group, Pagination, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Pagination.css';
import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  total: number;
  size: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Result pages"). */
  label: string;
  /** Also says how many there are in all (the administration's lists). */
  showTotal?: boolean;
}

/** The one page control under a paged list: nothing when everything fits on one page (unless it shows the total). */
export function Pager({ page, total, size, onChange, label, showTotal = false }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / size);
  if (pages <= 1 && !showTotal) return null;
  return (
    <Group justify={showTotal ? 'space-between' : 'center'} gap="sm" wrap="wrap">
      {showTotal && (
        <Text size="sm" c="dimmed">
          {t('pager.total', { count: total })}
        </Text>
      )}
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }) })}
          />
        </nav>
      )}
    </Group>
  );
}
