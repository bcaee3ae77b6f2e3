import { Badge, Group, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountSort, AdminAccount } from '@tutti/contract/account-admin';
import { MusicianAvatar } from '../../../components/ui/musician-avatar';
import { SortHeader } from '../../../components/ui/sort-header';
import { formatDate, formatRelative } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { adminAccountPath } from '../../../lib/paths';
import { pictureUrl } from '../../../lib/picture-url';
import type { AccountsListQuery } from '../api/accounts';
import { ADMIN_NS } from '../translations';

function AccountSortHeader({
  column,
  query,
  onSort,
}: {
  column: AccountSort;
  query: AccountsListQuery;
  onSort: (column: AccountSort) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const label = t(`accounts.columns.${column}`);
  return (
    <SortHeader
      label={label}
      sortLabel={t('accounts.sortBy', { column: label })}
      active={query.sort === column}
      order={query.order}
      onSort={() => onSort(column)}
    />
  );
}

/** A page of accounts; the column headers sort (the sort lives in the address). */
export function AccountsTable({
  accounts,
  query,
  onSort,
}: {
  accounts: readonly AdminAccount[];
  query: AccountsListQuery;
  onSort: (column: AccountSort) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const locale = currentLanguage();
  return (
    <Table.ScrollContainer
      minWidth={760}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('accounts.tableLabel') } }}
    >
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <AccountSortHeader column="username" query={query} onSort={onSort} />
            <AccountSortHeader column="email" query={query} onSort={onSort} />
            <AccountSortHeader column="createdAt" query={query} onSort={onSort} />
            <AccountSortHeader column="lastPingAt" query={query} onSort={onSort} />
            <Table.Th>{t('accounts.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <MusicianAvatar picture={pictureUrl(a.username)} size={32} />
                  <div>
                    <Text component={Link} to={adminAccountPath(a.id)} fw={600} size="sm" c="blue.8" td="underline">
                      {a.username}
                    </Text>
                    {a.displayedUsername !== a.username && (
                      <Text size="xs" c="dimmed">
                        {a.displayedUsername}
                      </Text>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {a.email}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.createdAt, locale)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {a.lastPingAt ? formatRelative(a.lastPingAt, locale) : t('accounts.never')}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge
                    variant="outline"
                    tt="none"
                    color={a.validatedAt ? 'teal.9' : 'gray.7'}
                    c={a.validatedAt ? 'teal.9' : 'gray.8'}
                  >
                    {a.validatedAt ? t('accounts.validated') : t('accounts.notValidated')}
                  </Badge>
                  {a.verified && (
                    <Badge variant="outline" tt="none" color="blue.9" c="blue.9">
                      {t('accounts.verified')}
                    </Badge>
                  )}
                  {a.privileges.includes('CORE_ADMIN') && (
                    <Badge variant="outline" tt="none" color="grape.9" c="grape.9">
                      {t('accounts.admin')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
