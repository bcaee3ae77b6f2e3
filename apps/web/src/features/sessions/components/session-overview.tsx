import { Avatar, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { MusicianRef, Session } from '@tutti/contract/sessions';
import { currentLanguage } from '../../../lib/i18n';
import { formatStart } from '../schedule';
import { SESSIONS_NS } from '../translations';
import { StatusBadges } from './session-card';
import { ShareActions } from './share-actions';
import { named } from '../../../lib/elision';

function Musician({ musician, note }: { musician: MusicianRef; note?: string }) {
  return (
    <Group component="li" gap="xs" wrap="nowrap">
      <Avatar src={musician.profilePicture} alt="" radius="xl" size={28} color="violet">
        {musician.displayedUsername.slice(0, 2).toUpperCase()}
      </Avatar>
      <Text size="sm">
        {musician.displayedUsername}
        {note && (
          <Text span c="dimmed" size="sm">
            {' '}
            · {note}
          </Text>
        )}
      </Text>
    </Group>
  );
}

/** The session as everyone sees it: cover, name, description, organizer, start, visibility, players, invited. */
export function SessionOverview({ session, myId }: { session: Session; myId: string | null }) {
  const { t } = useTranslation(SESSIONS_NS);
  const locale = currentLanguage();
  const you = (id: string) => (id === myId ? t('common.you') : undefined);
  // Someone invited who is already playing is listed once, with the players.
  const playing = new Set(session.players.map((p) => p.musician.id));
  const invited = session.invited.filter((i) => !playing.has(i.musician.id));
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="session-name">
      <Stack gap="md">
        {session.coverPicture && (
          <Image
            src={session.coverPicture}
            alt={t('common.coverAlt', named(session.name))}
            radius="md"
            h={180}
            fit="cover"
          />
        )}
        <Stack gap={6}>
          <Title order={1} id="session-name">
            {session.name}
          </Title>
          <StatusBadges session={session} />
          {session.organizer && (
            <Text size="sm" c="dimmed">
              {t('common.organizer', { name: session.organizer.displayedUsername })}
            </Text>
          )}
          <Text size="sm">
            {session.status === 'scheduled'
              ? t('common.startsAt', { date: formatStart(session.startsAt, locale) })
              : session.status === 'cancelled'
                ? t('lifecycle.plannedFor', { date: formatStart(session.startsAt, locale) })
                : t('details.startedOn', { date: formatStart(session.runningSince ?? session.startsAt, locale) })}
          </Text>
          {session.description && <Text style={{ whiteSpace: 'pre-line' }}>{session.description}</Text>}
          {session.kind === 'open' && <ShareActions session={session} />}
        </Stack>
        <Group align="flex-start" gap="xl">
          <Stack gap={6} miw={200}>
            <Title order={2} size="h5">
              {t('details.players')} ({session.players.length}/{session.maxPlayers})
            </Title>
            {session.players.length === 0 ? (
              <Text size="sm" c="dimmed">
                {/* "yet" only for a session nobody has played in. */}
                {session.runningSince === null && session.status !== 'cancelled'
                  ? t('details.noPlayers')
                  : t('lifecycle.nobody')}
              </Text>
            ) : (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
                {session.players.map((p) => (
                  <Musician key={p.musician.id} musician={p.musician} note={you(p.musician.id)} />
                ))}
              </Stack>
            )}
          </Stack>
          {invited.length > 0 && (
            <Stack gap={6} miw={200}>
              <Title order={2} size="h5">
                {t('details.invited')}
              </Title>
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {invited.map((i) => (
                  <Musician key={i.musician.id} musician={i.musician} note={you(i.musician.id)} />
                ))}
              </Stack>
            </Stack>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
