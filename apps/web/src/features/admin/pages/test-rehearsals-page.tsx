import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Session } from '@tutti/contract/sessions';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { AdminTable } from '../../../components/ui/admin-table';
import { closeModal, openAppModal, openConfirmModal } from '../../../components/ui/modal-host';
import { PageNotice, useNotice } from '../../../components/ui/page-notice';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { adminAccountPath, testRehearsalPath } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useEndTestRehearsal, useTestRehearsals } from '../api/test-rehearsals';
import { TestRehearsalForm } from '../rehearsals/test-rehearsal-form';
import { ADMIN_NS } from '../translations';

/** The join screen's role (SPEC section 6): the page links to it only for an administrator who holds it. */
const TESTER = 'TUTTI_MU';

/**
 * /admin/test-rehearsals (issue 14): the password-protected rehearsals administrators open for testers (SPEC
 * sections 2 and 6): open one, see who plays in it, end it.
 */
export function TestRehearsalsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const locale = currentLanguage();
  const user = useCurrentUser();
  const rehearsals = useTestRehearsals();
  const end = useEndTestRehearsal();
  const notice = useNotice();
  const isTester = user?.privileges.includes(TESTER) ?? false;

  const openForm = () => {
    const id = openAppModal({
      title: t('testRehearsals.createTitle'),
      size: 'medium',
      children: (
        <TestRehearsalForm
          onCancel={() => closeModal(id)}
          onCreated={(session) => {
            closeModal(id);
            notice.success(t('testRehearsals.created', { name: session.name }));
          }}
        />
      ),
    });
  };
  const onEnd = (session: Session) =>
    openConfirmModal({
      title: t('testRehearsals.endTitle', { name: session.name }),
      children: <Text>{t('testRehearsals.endBody')}</Text>,
      confirmLabel: t('testRehearsals.end'),
      danger: true,
      onConfirm: () =>
        end.mutate(session.id, {
          onSuccess: () => notice.success(t('testRehearsals.ended', { name: session.name })),
          onError: (error) => notice.error(errorText(tc, error)),
        }),
    });

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('testRehearsals.title')} intro={t('testRehearsals.intro')} />
      <PageNotice notice={notice.notice} onClose={notice.clear} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {t('testRehearsals.list')}
            </Title>
            <Button onClick={openForm}>{t('testRehearsals.create')}</Button>
          </Group>
          {!isTester && user && (
            <Text size="sm" c="dimmed">
              {t('testRehearsals.testerHint')}{' '}
              <Anchor component={Link} to={adminAccountPath(user.id)} size="sm" underline="always">
                {t('testRehearsals.testerHintLink')}
              </Anchor>
            </Text>
          )}
          <AdminTable
            query={rehearsals}
            label={t('testRehearsals.list')}
            loadError={t('testRehearsals.loadError')}
            empty={t('testRehearsals.empty')}
            minWidth={720}
            columns={[
              t('testRehearsals.name'),
              t('testRehearsals.createdAt'),
              t('testRehearsals.players'),
              t('testRehearsals.actions'),
            ]}
            row={(session) => (
              <Table.Tr key={session.id}>
                <Table.Td maw={360}>
                  <Text size="sm" fw={600}>
                    {session.name}
                  </Text>
                  {session.description && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {session.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(session.createdAt, locale)}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {t('testRehearsals.playersOf', { count: session.players.length, max: session.maxPlayers })}
                  </Text>
                  {session.players.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {session.players.map((p) => p.musician.displayedUsername).join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {isTester && (
                      <Button
                        component={Link}
                        to={testRehearsalPath(session.id)}
                        size="xs"
                        variant="light"
                        aria-label={t('testRehearsals.openOf', { name: session.name })}
                      >
                        {t('testRehearsals.open')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      color="red.9"
                      variant="outline"
                      loading={end.isPending && end.variables === session.id}
                      onClick={() => onEnd(session)}
                      aria-label={t('testRehearsals.endOf', { name: session.name })}
                    >
                      {t('testRehearsals.end')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
