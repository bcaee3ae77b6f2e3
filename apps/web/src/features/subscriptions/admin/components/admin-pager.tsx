import { Group, Pagination, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Pagination.css';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

interface AdminPagerProps {
  page: number;
  total: number;
  size: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Product pages"). */
  label: string;
}

/** How many there are in all, and the page controls when they take more than one page. */
export function AdminPager({ page, total, size, onChange, label }: AdminPagerProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const pages = Math.ceil(total / size);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('pager.total', { count: total })}
      </Text>
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }) })}
          />
        </nav>
      )}
    </Group>
  );
}
