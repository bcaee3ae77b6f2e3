import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error';

/**
 * An administration list: "Loading…", the load error with Try again, its empty text, else a table whose rows scroll
 * sideways on a phone inside a focusable region named `label` (axe: a scrollable region must be reachable).
 */
export function AdminTable<T>({
  query,
  label,
  loadError,
  empty,
  minWidth,
  columns,
  row,
}: {
  query: { data: readonly T[] | undefined; isError: boolean; refetch: () => unknown };
  label: string;
  loadError: string;
  empty: string;
  minWidth: number;
  columns: readonly string[];
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data) return <LoadError text={loadError} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text c="dimmed">{t('loading')}</Text>;
  if (query.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{query.data.map(row)}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
