import { Group, Table, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Table.css';
import type { SortOrder } from '../../lib/list-params';

/** A column header that sorts its list: `aria-sort` on the current one, an arrow for its order. */
export function SortHeader({
  label,
  sortLabel,
  active,
  order,
  onSort,
}: {
  label: string;
  /** The button's name ("Sort by Username"). */
  sortLabel: string;
  active: boolean;
  order: SortOrder;
  onSort: () => void;
}) {
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={onSort} aria-label={sortLabel} fw={700}>
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          <span aria-hidden="true">{active ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
