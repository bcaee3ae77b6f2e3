import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import type { AbTest } from '@tutti/contract/experiments';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { openConfirmModal } from '../../../components/ui/modal-host';
import { errorText } from '../../../lib/error-text';
import { useAbTests, useDeleteAbTest } from '../api/ab-tests';
import { AbTestForm } from '../components/ab-test-form';
import { ADMIN_NS } from '../translations';

/** /admin/ab-tests (issue 14, point 2): every test with its assignments and exposures per variant, a sample ratio
 *  mismatch flagged (p < 0.001), a form to create one and a confirmed delete. */
export function AbTestsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const tests = useAbTests();
  const remove = useDeleteAbTest();

  let body;
  if (tests.isError && !tests.data) {
    body = <LoadError text={t('abTests.loadError')} onRetry={() => void tests.refetch()} />;
  } else if (!tests.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else if (tests.data.length === 0) {
    body = <Text c="dimmed">{t('abTests.empty')}</Text>;
  } else {
    body = tests.data.map((test) => (
      <AbTestCard
        key={test.id}
        test={test}
        onDelete={() =>
          openConfirmModal({
            title: t('abTests.confirmDeleteTitle'),
            children: <Text>{t('abTests.confirmDelete', { key: test.key })}</Text>,
            confirmLabel: t('abTests.delete'),
            danger: true,
            onConfirm: () => remove.mutate(test.id),
          })
        }
      />
    ));
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('abTests.title')} intro={t('abTests.intro')} />
      {remove.isError && <FormAlert kind="error">{errorText(tc, remove.error)}</FormAlert>}
      <Stack gap="md">{body}</Stack>
      <AbTestForm />
    </Stack>
  );
}

function AbTestCard({ test, onDelete }: { test: AbTest; onDelete: () => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const headingId = `ab-${test.id}`;
  const totalWeight = test.variants.reduce((n, v) => n + v.weight, 0);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4" id={headingId} ff="monospace">
              {test.key}
            </Title>
            {/* Filled, in shades white reads on at 5:1 and more: a light badge of a dark shade came out at 1.2:1. */}
            <Badge color={test.status === 'running' ? 'teal.9' : 'gray.7'} variant="filled">
              {t(`abTests.statuses.${test.status}`)}
            </Badge>
            {test.srm.mismatch && (
              <Badge color="red.8" variant="filled">
                {t('abTests.srmFlag')}
              </Badge>
            )}
          </Group>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onDelete}>
            {t('abTests.delete')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('abTests.columns.variant')}</Table.Th>
                <Table.Th ta="right">{t('abTests.columns.weight')}</Table.Th>
                <Table.Th ta="right">{t('abTests.columns.assignments')}</Table.Th>
                <Table.Th ta="right">{t('abTests.columns.exposures')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {test.variants.map((v) => (
                <Table.Tr key={v.key}>
                  <Table.Td ff="monospace">{v.key}</Table.Td>
                  <Table.Td ta="right">{Math.round((v.weight / totalWeight) * 1000) / 10} %</Table.Td>
                  <Table.Td ta="right">{v.assignments}</Table.Td>
                  <Table.Td ta="right">{v.exposures}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c={test.srm.mismatch ? 'red.8' : 'dimmed'}>
          {test.srm.pValue === null
            ? t('abTests.srmNone')
            : test.srm.mismatch
              ? t('abTests.srmMismatch', { p: test.srm.pValue.toExponential(2) })
              : t('abTests.srmOk', { p: test.srm.pValue.toFixed(3) })}
        </Text>
      </Stack>
    </Paper>
  );
}
