import { Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SUBSCRIPTION_FILTERS } from '@tutti/contract/subscriptions';
import { LoadError } from '../../../../components/ui/load-error';
import type { SubscriptionFilter } from '../api/query-keys';
import { SUBSCRIPTIONS_PAGE_SIZE, useAdminSubscriptions } from '../api/subscriptions';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Pager } from '../../../../components/ui/pager';
import { pageParam, withPage } from '../components/page-param';
import { SubscriptionsTable } from '../components/subscriptions-table';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

const isFilter = (value: string | null): value is SubscriptionFilter =>
  (SUBSCRIPTION_FILTERS as readonly string[]).includes(value ?? '');

/** The filter a URL asks for (`?filter=`): every subscription when missing or unknown. */
const filterParam = (params: URLSearchParams): SubscriptionFilter => {
  const value = params.get('filter');
  return isFilter(value) ? value : 'all';
};

/**
 * /admin/subscriptions (issue 12): every subscription with its musician, by status; the filter and the page live in
 * the address, so a reload or a shared link shows the same list.
 */
export function AdminSubscriptionsPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = filterParam(params);
  const page = pageParam(params);
  const list = useAdminSubscriptions(filter, page);

  const onFilter = (value: string) => {
    // Another filter starts at its first page.
    const next = new URLSearchParams(params);
    next.delete('p');
    if (isFilter(value) && value !== 'all') next.set('filter', value);
    else next.delete('filter');
    setParams(next);
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
          <SubscriptionsTable subscriptions={list.data.items} />
        )}
        {list.data.total > 0 && (
          <Pager
            showTotal
            page={page}
            total={list.data.total}
            size={SUBSCRIPTIONS_PAGE_SIZE}
            onChange={(p) => setParams(withPage(params, p))}
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
          <NativeSelect
            label={t('subscriptions.filter')}
            value={filter}
            onChange={(event) => onFilter(event.currentTarget.value)}
            data={SUBSCRIPTION_FILTERS.map((f) => ({ value: f, label: t(`subscriptions.filters.${f}`) }))}
            maw={320}
          />
          {body}
        </Stack>
      </Paper>
    </Stack>
  );
}
