import { Avatar, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Session } from '@tutti/contract/sessions';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';
import { currentLanguage } from '../../../lib/i18n';
import { openRehearsalPath, testRehearsalPath } from '../../../lib/paths';
import { AUTO_JOIN_STATE } from '../auto-join';
import { formatStart } from '../schedule';
import { SESSIONS_NS } from '../translations';

export const sessionPath = (session: Pick<Session, 'id' | 'kind'>): string =>
  session.kind === 'test' ? testRehearsalPath(session.id) : openRehearsalPath(session.id);

export function StatusBadges({ session }: { session: Session }) {
  const { t } = useTranslation(SESSIONS_NS);
  return (
    <Group gap={6}>
      <Badge size="sm" variant="filled" color={session.status === 'live' ? 'teal.9' : 'gray.8'} tt="none">
        {t(`common.status.${session.status}`)}
      </Badge>
      <Badge size="sm" variant="outline" color="violet.9" tt="none">
        {session.kind === 'test' ? t('test.title') : session.public ? t('common.public') : t('common.private')}
      </Badge>
    </Group>
  );
}

/** One session in a list: name, organizer, players, start time when scheduled, and the way in. */
export function SessionCard({ session, note }: { session: Session; note?: string }) {
  const { t } = useTranslation(SESSIONS_NS);
  const locale = currentLanguage();
  const live = session.status === 'live';
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Text fw={700} truncate="end">
            {session.name}
          </Text>
          {session.organizer && (
            <Text size="sm" c="dimmed">
              {t('common.organizer', { name: session.organizer.displayedUsername })}
            </Text>
          )}
          {session.status === 'scheduled' && (
            <Text size="sm">{t('common.startsAt', { date: formatStart(session.startsAt, locale) })}</Text>
          )}
          {note && <Text size="sm">{note}</Text>}
          <Group gap="xs">
            <StatusBadges session={session} />
            <Text size="sm" c="dimmed">
              {t('common.playersOf', { count: session.players.length, max: session.maxPlayers })}
            </Text>
          </Group>
          {session.players.length > 0 && (
            <Avatar.Group spacing="sm">
              {session.players.slice(0, 5).map((p) => (
                <LazyTooltip key={p.musician.id} label={p.musician.displayedUsername} withArrow>
                  <Avatar src={p.musician.profilePicture} alt={p.musician.displayedUsername} radius="xl" size={28}>
                    {p.musician.displayedUsername.slice(0, 2).toUpperCase()}
                  </Avatar>
                </LazyTooltip>
              ))}
            </Avatar.Group>
          )}
        </Stack>
        <Button
          component={Link}
          to={sessionPath(session)}
          // Join is one click: the page joins on arrival (a test rehearsal still asks its password there).
          state={live && session.kind === 'open' ? AUTO_JOIN_STATE : undefined}
          size="xs"
          // The name column gives way, never the way in.
          style={{ flexShrink: 0 }}
          variant={live ? 'filled' : 'light'}
          aria-label={
            live ? t('common.joinSession', { name: session.name }) : t('common.openSession', { name: session.name })
          }
        >
          {live ? t('common.join') : t('common.open')}
        </Button>
      </Group>
    </Paper>
  );
}

/** A list of sessions, or what to say when there is none. */
export function SessionList({
  sessions,
  empty,
  note,
}: {
  sessions: Session[];
  empty: string;
  note?: (s: Session) => string | undefined;
}) {
  if (sessions.length === 0) {
    return <Text c="dimmed">{empty}</Text>;
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {sessions.map((s) => (
        <SessionCard key={s.id} session={s} note={note?.(s)} />
      ))}
    </Stack>
  );
}

/**
 * A session card's outline while its list loads: the same box, the same lines (name, organizer, badges) and the same
 * button height, so the cards take its place without moving anything (issue 9: CLS).
 */
export function SessionCardSkeleton() {
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-hidden data-testid="session-card-skeleton">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Skeleton visible width="55%">
            <Text fw={700}>&nbsp;</Text>
          </Skeleton>
          <Skeleton visible width="35%">
            <Text size="sm">&nbsp;</Text>
          </Skeleton>
          <Skeleton visible width={150}>
            <Text size="sm">&nbsp;</Text>
          </Skeleton>
        </Stack>
        {/* A button of size xs is 30 px high. */}
        <Skeleton height={30} width={64} radius="md" style={{ flexShrink: 0 }} />
      </Group>
    </Paper>
  );
}

/** `count` card outlines, laid out as SessionList lays out its cards. */
export function SessionListSkeleton({ count = 1 }: { count?: number }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {Array.from({ length: count }, (_, i) => (
        <SessionCardSkeleton key={i} />
      ))}
    </Stack>
  );
}
