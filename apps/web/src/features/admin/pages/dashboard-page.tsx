import { Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { dateTimeFormat, INTL_LOCALE, numberFormat } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAccountStats } from '../api/accounts';
import { useSystem } from '../api/system';
import { ServerFacts } from '../components/server-facts';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { SignUpsChart } from '../components/sign-ups-chart';
import { ADMIN_NS } from '../translations';

const FIGURES = ['total', 'validated', 'onlineNow', 'subscribed', 'under13'] as const;

/** /admin/dashboard (issue 14): the accounts' figures, the sign-ups of the last 90 days, and the server itself. */
export function DashboardPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const stats = useAccountStats();
  const system = useSystem();
  const locale = currentLanguage();
  const number = numberFormat(INTL_LOCALE[locale], {});
  const day = dateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' });

  let body;
  if (stats.isError && !stats.data) {
    body = <LoadError text={t('dashboard.loadError')} onRetry={() => void stats.refetch()} />;
  } else if (!stats.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else {
    const s = stats.data;
    const signUps = s.signUpsPerDay.reduce((sum, d) => sum + d.count, 0);
    const max = Math.max(0, ...s.signUpsPerDay.map((d) => d.count));
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          {FIGURES.map((figure) => (
            <Paper key={figure} withBorder radius="md" p="md">
              <Text size="sm" c="dimmed">
                {t(`dashboard.${figure}`)}
              </Text>
              <Text fz={28} fw={700} data-testid={`stat-${figure}`}>
                {number.format(s[figure])}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <SignUpsChart
            days={s.signUpsPerDay}
            title={t('dashboard.chartTitle')}
            summary={t('dashboard.chartSummary', { count: signUps, max })}
            axisLabel={t('dashboard.chartAxis')}
            formatDay={(d) => day.format(new Date(`${d}T00:00:00Z`))}
          />
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('dashboard.title')} intro={t('dashboard.intro')} />
      {body}
      {system.data ? (
        <ServerFacts system={system.data} receivedAt={system.dataUpdatedAt} />
      ) : (
        system.isError && <LoadError text={t('dashboard.server.loadError')} onRetry={() => void system.refetch()} />
      )}
    </Stack>
  );
}
