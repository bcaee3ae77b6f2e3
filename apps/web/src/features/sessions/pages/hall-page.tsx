import type { ReactNode } from 'react';
import { Box, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Session } from '@tutti/contract/sessions';
import { SectionCard } from '../../../components/ui/section-card';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { useLiveSessions } from '../api/list-sessions';
import { useMySessions } from '../api/list-my-sessions';
import { ActivityFeed } from '../components/activity-feed';
import { invitationNote, QueryState, ShowMore } from '../components/query-state';
import { SessionList, SessionListSkeleton } from '../components/session-card';
import { SESSIONS_NS } from '../translations';
import { useHallEvents } from '../use-hall-events';
import { HALL_NS } from '../../../lib/translations/hall';

/**
 * Each session once in the hall, under the heading that says the most about it: one I am invited to under
 * Invitations (live or scheduled: it says who invited me), any other live one under Live, and my own scheduled ones
 * under Upcoming, soonest first. Ended and cancelled ones are not hall business.
 */
export function hallSections(
  live: Session[],
  organized: Session[],
  invited: Session[],
): { live: Session[]; upcoming: Session[]; invitations: Session[] } {
  const invitations = invited.filter((s) => s.status === 'live' || s.status === 'scheduled');
  const invitedIds = new Set(invitations.map((s) => s.id));
  return {
    live: live.filter((s) => s.status === 'live' && !invitedIds.has(s.id)),
    upcoming: organized
      .filter((s) => s.status === 'scheduled' && !invitedIds.has(s.id))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    invitations,
  };
}

/** /studio/hall: the sessions lobby, live through the bus. `greeting` is the hall feature's header (online count);
 *  `setup`, what a newcomer must do first (the audio client), above the lists; `around`, the community's musicians
 *  close enough to play with, under them; `content`, the hall feature's banners, news and blog, below everything. */
export function HallPage({
  greeting,
  setup,
  around,
  content,
}: {
  greeting?: ReactNode;
  setup?: ReactNode;
  around?: ReactNode;
  content?: ReactNode;
}) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tHall } = useTranslation(HALL_NS);
  useTitle(tHall('hall.title'));
  const user = useCurrentUser();
  const live = useLiveSessions();
  const mine = useMySessions();
  useHallEvents();
  if (!user) return null;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <Box style={{ flex: '1 1 320px' }}>{greeting}</Box>
        <Button component={Link} to={PATHS.newSession}>
          {t('common.newSession')}
        </Button>
      </Group>
      {setup}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('hall.live')}>
          <QueryState query={live} skeleton={<SessionListSkeleton />}>
            {(loaded) => (
              <Stack gap="sm">
                <SessionList
                  sessions={hallSections(loaded.items, [], mine.data?.invited.items ?? []).live}
                  empty={t('hall.liveEmpty')}
                />
                <ShowMore query={live} />
              </Stack>
            )}
          </QueryState>
        </SectionCard>
        <SectionCard title={t('hall.upcoming')}>
          <QueryState query={mine} skeleton={<SessionListSkeleton />}>
            {(data) => (
              <Stack gap="sm">
                <SessionList
                  sessions={hallSections([], data.organized.items, data.invited.items).upcoming}
                  empty={t('hall.upcomingEmpty')}
                />
                <ShowMore query={mine} />
              </Stack>
            )}
          </QueryState>
        </SectionCard>
        <SectionCard title={t('hall.invitations')}>
          <QueryState query={mine} skeleton={<SessionListSkeleton />}>
            {(data) => (
              <Stack gap="sm">
                <SessionList
                  sessions={hallSections([], [], data.invited.items).invitations}
                  empty={t('hall.invitationsEmpty')}
                  note={(s) => invitationNote(t, s, user.id)}
                />
                <ShowMore query={mine} more={data.invited.hasMore} />
              </Stack>
            )}
          </QueryState>
        </SectionCard>
        <SectionCard title={t('hall.activity')}>
          <ActivityFeed />
        </SectionCard>
        {around}
      </SimpleGrid>
      {content}
    </Stack>
  );
}
