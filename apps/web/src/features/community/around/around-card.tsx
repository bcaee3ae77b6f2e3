import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import { Link } from 'react-router';
import type { MusicianCard } from '@tutti/contract/community';
import { currentLanguage } from '../../../lib/i18n';
import { profilePath } from '../../../lib/paths';
import { nameOf, useCountries, useInstruments } from '../api/reference';
import { DelayBadge } from '../components/delay-badge';
import { FollowButton } from '../components/follow-button';
import { MusicianAvatar } from '../components/musician-avatar';
import { placeText } from '../components/place-text';

/** One suggested musician: who, where, how far (the delay), what they play, and Follow. */
export function AroundCard({ musician }: { musician: MusicianCard }) {
  const locale = currentLanguage();
  const instruments = useInstruments();
  const countries = useCountries();
  const place = musician.city ? placeText(musician.city, countries.data, locale) : null;
  const played = musician.instruments.map((i) => nameOf(instruments.data, i.instrument, locale)).join(' · ');

  return (
    <Paper component="li" withBorder radius="md" p="sm" h="100%">
      <Group wrap="nowrap" align="flex-start" gap="sm" h="100%">
        <MusicianAvatar picture={musician.profilePicture} size={48} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }} h="100%">
          <Anchor component={Link} to={profilePath(musician.username)} fw={600} truncate="end">
            {musician.displayedUsername}
          </Anchor>
          {place && (
            <Group gap={6} wrap="wrap">
              <Text size="sm" c="dimmed">
                {place}
              </Text>
              <DelayBadge delayMs={musician.delayMs} />
            </Group>
          )}
          {played && (
            <Text size="sm" lineClamp={2}>
              {played}
            </Text>
          )}
          <Group mt="auto" pt={4}>
            <FollowButton musician={musician} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
