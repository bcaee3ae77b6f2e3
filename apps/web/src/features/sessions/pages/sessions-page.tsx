import { useState } from 'react';
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { useMySessions } from '../api/list-my-sessions';
import { usePublicSessions } from '../api/list-public-sessions';
import { FreeMinutes } from '../components/free-minutes';
import { invitationNote, QueryState, ShowMore } from '../components/query-state';
import { SessionList } from '../components/session-card';
import { SESSIONS_NS } from '../translations';
import { useHallEvents } from '../use-hall-events';

function PublicSessions() {
  const { t } = useTranslation(SESSIONS_NS);
  const [page, setPage] = useState(1);
  const query = usePublicSessions(page);
  return (
    <QueryState query={query}>
      {(data) => (
        <Stack gap="md">
          <SessionList sessions={data.items} empty={t('list.publicEmpty')} />
          <Pager page={page} total={data.total} size={data.size} onChange={setPage} label={t('list.pagination')} />
        </Stack>
      )}
    </QueryState>
  );
}

/** /studio/sessions: what I organize, what I am invited to, the public sessions, and my free minutes. */
export function SessionsPage() {
  const { t } = useTranslation(SESSIONS_NS);
  useTitle(t('list.title'));
  const user = useCurrentUser();
  const mine = useMySessions();
  useHallEvents();
  if (!user) return null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('list.heading')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </Stack>
        <Button component={Link} to={PATHS.newSession}>
          {t('common.newSession')}
        </Button>
      </Group>
      <FreeMinutes minutes={mine.data?.remainingMinutes} />
      <Tabs defaultValue="mine" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mine">{t('list.tabs.mine')}</Tabs.Tab>
          <Tabs.Tab value="invitations">{t('list.tabs.invitations')}</Tabs.Tab>
          <Tabs.Tab value="public">{t('list.tabs.public')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mine" pt="md">
          <QueryState query={mine}>
            {(data) => (
              <Stack gap="md">
                <SessionList sessions={data.organized.items} empty={t('list.mineEmpty')} />
                <ShowMore query={mine} more={data.organized.hasMore} />
              </Stack>
            )}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <QueryState query={mine}>
            {(data) => (
              <Stack gap="md">
                <SessionList
                  sessions={data.invited.items}
                  empty={t('list.invitationsEmpty')}
                  note={(s) => invitationNote(t, s, user.id)}
                />
                <ShowMore query={mine} more={data.invited.hasMore} />
              </Stack>
            )}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="public" pt="md">
          <PublicSessions />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
