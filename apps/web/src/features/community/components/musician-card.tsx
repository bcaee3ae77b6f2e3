import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Stack.css';
import type { MusicianCard as Card } from '@tutti/contract/community';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { profilePath } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { nameOf, useCountries, useInstruments, useSkillName } from '../api/reference';
import { DelayBadge } from './delay-badge';
import { FollowButton } from './follow-button';
import { MusicianAvatar } from './musician-avatar';
import { placeText } from './place-text';
import { VerifiedMark } from './verified-mark';

/**
 * One musician in a list (search results, followers): avatar, names, city, instruments, estimated delay and the
 * follow button. A private profile the reader does not follow comes with no city and no instruments: only names and
 * avatar show.
 */
export function MusicianCard({ musician }: { musician: Card }) {
  const me = useCurrentUser();
  const locale = currentLanguage();
  const skillName = useSkillName();
  const instruments = useInstruments();
  const countries = useCountries();
  const self = me?.id === musician.id;

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={musician.displayedUsername}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <MusicianAvatar picture={musician.profilePicture} size={56} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={profilePath(musician.username)} fw={700} truncate="end">
              {musician.displayedUsername}
            </Anchor>
            {musician.verified && <VerifiedMark />}
          </Group>
          <Text size="sm" c="dimmed" truncate="end">
            @{musician.username}
          </Text>
          {musician.city && <Text size="sm">{placeText(musician.city, countries.data, locale)}</Text>}
          {musician.instruments.length > 0 && (
            <Group gap={6} mt={2}>
              {musician.instruments.map((played) => (
                <Badge key={played.instrument} variant="light" color="gray" tt="none" fw={500}>
                  {nameOf(instruments.data, played.instrument, locale)} · {skillName(played.skill)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <Stack gap="xs" align="flex-end" style={{ flex: 'none' }}>
          <DelayBadge delayMs={musician.delayMs} />
          {!self && <FollowButton musician={musician} />}
        </Stack>
      </Group>
    </Paper>
  );
}
