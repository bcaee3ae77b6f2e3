import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { System } from '@tutti/contract/reference';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ADMIN_NS } from '../translations';

/** Beyond this, the browser's clock and the server's disagree enough to mislead (session times, "online now"). */
export const CLOCK_SKEW_WARNING_S = 60;

/**
 * The server an administrator is looking at (GET v1/system): its version, when it started, its database and bus
 * engines, and how far this browser's clock is from the server's. `receivedAt` is when the answer arrived.
 */
export function ServerFacts({ system, receivedAt }: { system: System; receivedAt: number }) {
  const { t } = useTranslation(ADMIN_NS);
  const locale = currentLanguage();
  const skewS = Math.abs(Math.round((receivedAt - new Date(system.serverTime).getTime()) / 1000));
  const clockOff = skewS > CLOCK_SKEW_WARNING_S;
  const facts: [string, string][] = [
    [t('dashboard.server.version'), system.version ?? t('dashboard.server.unknown')],
    [
      t('dashboard.server.startedAt'),
      system.startedAt ? formatDateTime(system.startedAt, locale) : t('dashboard.server.unknown'),
    ],
    [t('dashboard.server.database'), system.database ? t(`dashboard.server.db.${system.database}`) : '—'],
    [t('dashboard.server.bus'), system.bus ? t(`dashboard.server.busKind.${system.bus}`) : '—'],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="server-facts">
      <Title order={2} size="h4" id="server-facts" mb="sm">
        {t('dashboard.server.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Group mt="sm">
        <Text size="sm" c={clockOff ? 'red.8' : 'dimmed'}>
          {clockOff ? t('dashboard.server.clockOff', { seconds: skewS }) : t('dashboard.server.clockOk')}
        </Text>
      </Group>
    </Paper>
  );
}
