import { Center, Pagination } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Pagination.css';
import { useTranslation } from 'react-i18next';
import { COMMUNITY_NS } from '../translations';

interface PagerProps {
  page: number;
  total: number;
  size: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Result pages"). */
  label: string;
}

/** Page controls under a community list; nothing when everything fits on one page. */
export function Pager({ page, total, size, onChange, label }: PagerProps) {
  const { t } = useTranslation(COMMUNITY_NS);
  const pages = Math.ceil(total / size);
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={label}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
        getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }) })}
      />
    </Center>
  );
}
