import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SUBSCRIPTION_FILTERS, SUBSCRIPTION_SORTS, type SubscriptionSort } from '@tutti/contract/subscriptions';
import { LoadError } from '../../../../components/ui/load-error';
import { listParamsOf, listStateOf, sortedBy, type ListSpec } from '../../../../lib/list-params';
import type { SubscriptionFilter, SubscriptionsListQuery } from '../api/query-keys';
import { SUBSCRIPTIONS_PAGE_SIZE, useAdminSubscriptions } from '../api/subscriptions';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Pager } from '../../../../components/ui/pager';
import { SubscriptionsTable } from '../components/subscriptions-table';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

/** Newest first; the musicians A to Z first, the renewals soonest first. */
const SUBSCRIPTIONS_LIST: ListSpec<SubscriptionSort> = {
  sorts: SUBSCRIPTION_SORTS,
  defaultSort: 'createdAt',
  ascendingFirst: ['username', 'currentPeriodEnd'],
};

const isFilter = (value: string | null): value is SubscriptionFilter =>
  (SUBSCRIPTION_FILTERS as readonly string[]).includes(value ?? '');

/** The list the address asks for (`?filter=&q=&sort=&order=&p=`): every subscription, newest first, by default. */
function queryOf(params: URLSearchParams): SubscriptionsListQuery {
  const filter = params.get('filter');
  return { ...listStateOf(params, SUBSCRIPTIONS_LIST), filter: isFilter(filter) ? filter : 'all' };
}

/** Its address; the defaults are left out. */
function paramsOf({ filter, ...list }: SubscriptionsListQuery): URLSearchParams {
  return listParamsOf(list, SUBSCRIPTIONS_LIST, new URLSearchParams(filter === 'all' ? {} : { filter }));
}

/**
 * /admin/subscriptions (issues 12 and 14): every subscription with its musician; a filter by status, a search for
 * the musician, sorting and pages, all in the address, so a reload or a shared link shows the same list.
 */
export function AdminSubscriptionsPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const list = useAdminSubscriptions(query);
  const [search, setSearch] = useState(query.q);
  // Back and forward change the address: the box follows it.
  useEffect(() => setSearch(query.q), [query.q]);

  // Another filter or search starts at its first page.
  const onFilter = (value: string) =>
    setParams(paramsOf({ ...query, filter: isFilter(value) ? value : 'all', page: 1 }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setParams(paramsOf({ ...query, q: search.trim(), page: 1 }));
  };

  let body;
  if (list.isError && !list.data) {
    body = <LoadError text={t('subscriptions.loadError')} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else {
    // A page past the end (a filter changed meanwhile) says so, with the pages to go back to.
    body = (
      <Stack gap="md">
        {list.data.items.length === 0 ? (
          <Text c="dimmed">{t('subscriptions.empty')}</Text>
        ) : (
          <SubscriptionsTable
            subscriptions={list.data.items}
            sort={query}
            onSort={(column) => setParams(paramsOf({ ...query, ...sortedBy(query, column, SUBSCRIPTIONS_LIST) }))}
          />
        )}
        {list.data.total > 0 && (
          <Pager
            showTotal
            page={query.page}
            total={list.data.total}
            size={SUBSCRIPTIONS_PAGE_SIZE}
            onChange={(page) => setParams(paramsOf({ ...query, page }))}
            label={t('subscriptions.pages')}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('subscriptions.title')} intro={t('subscriptions.intro')} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <form role="search" onSubmit={onSearch} style={{ flex: '1 1 320px' }}>
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <TextInput
                  label={t('subscriptions.search')}
                  placeholder={t('subscriptions.searchPlaceholder')}
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  maxLength={100}
                  type="search"
                  flex={1}
                  miw={0}
                />
                <Button type="submit">{t('subscriptions.submit')}</Button>
              </Group>
            </form>
            <NativeSelect
              label={t('subscriptions.filter')}
              value={query.filter}
              onChange={(event) => onFilter(event.currentTarget.value)}
              data={SUBSCRIPTION_FILTERS.map((f) => ({ value: f, label: t(`subscriptions.filters.${f}`) }))}
              w={{ base: '100%', xs: 280 }}
            />
          </Group>
          {body}
        </Stack>
      </Paper>
    </Stack>
  );
}
