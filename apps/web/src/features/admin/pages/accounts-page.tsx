import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { ACCOUNTS_PAGE_SIZE, useAccounts } from '../api/accounts';
import { AccountsTable } from '../components/accounts-table';
import { accountsParamsOf, accountsQueryOf, sortedBy } from '../components/list-params';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { ADMIN_NS } from '../translations';

/** /admin/accounts (issue 14): search, sort and pages, all in the address. */
export function AccountsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = accountsQueryOf(params);
  const list = useAccounts(query);
  const [search, setSearch] = useState(query.q);
  // Back and forward change the address: the box follows it.
  useEffect(() => setSearch(query.q), [query.q]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(accountsParamsOf({ ...query, q: search.trim(), page: 1 }));
  };

  let body;
  if (list.isError && !list.data) {
    body = <LoadError text={t('accounts.loadError')} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else {
    body = (
      <Stack gap="md">
        {list.data.items.length === 0 ? (
          <Text c="dimmed">{t('accounts.empty')}</Text>
        ) : (
          <AccountsTable
            accounts={list.data.items}
            query={query}
            onSort={(column) => setParams(accountsParamsOf(sortedBy(query, column)))}
          />
        )}
        {list.data.total > 0 && (
          <Pager
            showTotal
            page={query.page}
            total={list.data.total}
            size={ACCOUNTS_PAGE_SIZE}
            onChange={(page) => setParams(accountsParamsOf({ ...query, page }))}
            label={t('accounts.pages')}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('accounts.title')} intro={t('accounts.intro')} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <form role="search" onSubmit={onSearch}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('accounts.search')}
                placeholder={t('accounts.searchPlaceholder')}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                maxLength={100}
                type="search"
                flex={1}
                miw={220}
                maw={420}
              />
              <Button type="submit">{t('accounts.submit')}</Button>
            </Group>
          </form>
          {body}
        </Stack>
      </Paper>
    </Stack>
  );
}
