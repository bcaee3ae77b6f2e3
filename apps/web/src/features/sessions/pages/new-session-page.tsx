import { Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openRehearsalPath } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { AUTO_JOIN_STATE } from '../auto-join';
import { CreateSessionForm } from '../components/create-session-form';
import { SESSIONS_NS } from '../translations';

/** /studio/sessions/new: an open rehearsal, now or later, public or private, with invitations. */
export function NewSessionPage() {
  const { t } = useTranslation(SESSIONS_NS);
  useTitle(t('create.title'));
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={680} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1}>{t('create.heading')}</Title>
        <Text c="dimmed">{t('create.intro')}</Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <CreateSessionForm
          onCreated={(session, join) =>
            void navigate(openRehearsalPath(session.id), join ? { state: AUTO_JOIN_STATE } : undefined)
          }
        />
      </Paper>
    </Stack>
  );
}
