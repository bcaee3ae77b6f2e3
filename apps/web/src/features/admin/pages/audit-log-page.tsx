import { Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { PATHS } from '../../../lib/paths';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/accounts';
import { AuditTable } from '../components/audit-table';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { ADMIN_NS } from '../translations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/audit-log (issue 14): every administrator's action, the most recent first; `?account=` keeps one
 *  account's, `?p=` the page. */
export function AuditLogPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('account');
  const account = raw && UUID.test(raw) ? raw : null;
  const pageValue = Number(params.get('p'));
  const page = Number.isInteger(pageValue) && pageValue > 1 ? pageValue : 1;
  const log = useAuditLog(account, page);
  const about = log.data?.items.find((e) => e.target?.id === account)?.target?.username ?? account;

  let body;
  if (log.isError && !log.data) {
    body = <LoadError text={t('audit.loadError')} onRetry={() => void log.refetch()} />;
  } else if (!log.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else {
    body = (
      <Stack gap="md">
        {log.data.items.length === 0 ? (
          <Text c="dimmed">{t('audit.empty')}</Text>
        ) : (
          <AuditTable entries={log.data.items} />
        )}
        {log.data.total > 0 && (
          <Pager
            showTotal
            page={page}
            total={log.data.total}
            size={AUDIT_PAGE_SIZE}
            onChange={(p) => {
              const next = new URLSearchParams(params);
              if (p > 1) next.set('p', String(p));
              else next.delete('p');
              setParams(next);
            }}
            label={t('audit.pages')}
          />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('audit.title')} intro={t('audit.intro')} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          {account && (
            <Group gap="md">
              <Text size="sm" fw={500}>
                {t('audit.filtered', { username: about })}
              </Text>
              <Anchor component={Link} to={PATHS.adminAuditLog} size="sm">
                {t('audit.showAll')}
              </Anchor>
            </Group>
          )}
          {body}
        </Stack>
      </Paper>
    </Stack>
  );
}
