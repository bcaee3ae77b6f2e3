import type { ReactNode } from 'react';
import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@tutti/contract/community';
import { currentLanguage } from '../../../../lib/i18n';
import { useCountries } from '../../api/reference';
import { MusicianAvatar } from '../../components/musician-avatar';
import { PROFILE_NS } from '../translations';
import { placeText } from '../../components/place-text';
import { ProfileCover } from '../../components/profile-cover';
import { named } from '../../../../lib/elision';

/** Cover, picture, names, place, badges and counts of my profile; `action` sits beside the names (Edit profile). */
export function ProfileHeader({ profile, action }: { profile: Profile; action?: ReactNode }) {
  const { t } = useTranslation(PROFILE_NS);
  const countries = useCountries();
  const locale = currentLanguage();
  const place = profile.city
    ? placeText(profile.city, countries.data, locale)
    : profile.country
      ? placeText({ name: '', region: null, country: profile.country }, countries.data, locale)
      : null;

  return (
    <Stack gap={0}>
      <ProfileCover src={profile.coverPicture} alt={t('coverAlt')} />
      <Group align="flex-end" gap="lg" px={{ base: 'sm', sm: 'xl' }} mt={-48} wrap="wrap">
        <Box style={{ borderRadius: '50%', border: '4px solid var(--mantine-color-body)', lineHeight: 0 }}>
          <MusicianAvatar
            picture={profile.profilePicture}
            alt={t('avatarAlt', named(profile.displayedUsername))}
            size={112}
            radius={112}
          />
        </Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 200 }} pt="md">
          <Group gap="xs" align="center" wrap="wrap">
            <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.15}>
              {profile.displayedUsername}
            </Title>
            {profile.verified && (
              <Badge color="blue" variant="light" tt="none">
                {t('verified')}
              </Badge>
            )}
          </Group>
          <Text c="dimmed">{t('username', { username: profile.username })}</Text>
        </Stack>
        {action}
      </Group>
      <Stack gap="xs" px={{ base: 'sm', sm: 'xl' }} mt="md">
        <Text>
          {place ?? (
            <Text span c="dimmed">
              {t('noCity')}
            </Text>
          )}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="dot" color={profile.publicProfile ? 'teal' : 'gray'} tt="none">
            {profile.publicProfile ? t('visibility.public') : t('visibility.private')}
          </Badge>
          <Text size="sm">
            <b>{t('counts.followers', { count: profile.followers ?? 0 })}</b>
            {' · '}
            {t('counts.follows', { count: profile.follows ?? 0 })}
          </Text>
        </Group>
      </Stack>
    </Stack>
  );
}
