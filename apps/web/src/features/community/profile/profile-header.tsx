import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import type { Profile } from '@tutti/contract/community';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openAppModal } from '../../../components/ui/modal-host';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useCountries } from '../api/reference';
import { DelayBadge } from '../components/delay-badge';
import { FollowButton } from '../components/follow-button';
import { MusicianAvatar } from '../components/musician-avatar';
import { ProfileCover } from '../components/profile-cover';
import { placeText } from '../components/place-text';
import { VerifiedMark } from '../components/verified-mark';
import { COMMUNITY_NS } from '../translations';
import { FollowersList, MyFollowsList } from './followers-list';
import { ProfileMenu } from './profile-menu';
import { named } from '../../../lib/elision';

interface ProfileHeaderProps {
  profile: Profile;
  onBlock: () => void;
  blocking: boolean;
  /** Another feature's action on this musician, first among the actions (the messages' "Send a message"). */
  extraAction?: ReactNode;
}

/** Cover (3:1), avatar, names, place and delay, counts, and the actions on this musician. */
export function ProfileHeader({ profile, onBlock, blocking, extraAction }: ProfileHeaderProps) {
  const { t } = useTranslation(COMMUNITY_NS);
  const locale = currentLanguage();
  const countries = useCountries();
  const name = profile.displayedUsername;

  const showFollowers = () =>
    openAppModal({
      title: t('followers.title', named(name)),
      size: 'medium',
      children: <FollowersList accountId={profile.id} />,
    });
  const showMyFollows = () => openAppModal({ title: t('follows.title'), size: 'medium', children: <MyFollowsList /> });

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <ProfileCover src={profile.coverPicture} alt="" radius={0} />
      <Stack gap="sm" px={{ base: 'md', sm: 'xl' }} pb="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <MusicianAvatar
            picture={profile.profilePicture}
            alt={t('profile.picture', named(name))}
            size={112}
            radius={999}
            mt={-56}
            style={{ border: '4px solid var(--mantine-color-body)', background: 'var(--mantine-color-body)' }}
          />
          <Group gap="xs" wrap="nowrap">
            {profile.self ? (
              <Button component={Link} to={PATHS.me} variant="light">
                {t('profile.edit')}
              </Button>
            ) : (
              <>
                {extraAction}
                <FollowButton musician={profile} size="sm" />
                <ProfileMenu name={name} onBlock={onBlock} pending={blocking} />
              </>
            )}
          </Group>
        </Group>
        <div>
          <Group gap={8} wrap="nowrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {profile.verified && <VerifiedMark size={20} />}
          </Group>
          <Text c="dimmed">@{profile.username}</Text>
        </div>
        {(profile.city || profile.delayMs !== null) && (
          <Group gap="xs">
            {profile.city && <Text>{placeText(profile.city, countries.data, locale)}</Text>}
            <DelayBadge delayMs={profile.delayMs} />
          </Group>
        )}
        {profile.followers !== null && profile.follows !== null && (
          <Group gap="lg">
            <Anchor component="button" type="button" onClick={showFollowers} fw={600} size="sm" aria-haspopup="dialog">
              {t('profile.followers', { count: profile.followers })}
            </Anchor>
            {profile.self ? (
              // Whom I follow is mine to see (GET v1/me/follows); another musician's stays a count.
              <Anchor
                component="button"
                type="button"
                onClick={showMyFollows}
                fw={600}
                size="sm"
                aria-haspopup="dialog"
              >
                {t('profile.follows', { count: profile.follows })}
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                {t('profile.follows', { count: profile.follows })}
              </Text>
            )}
          </Group>
        )}
        {profile.self && (
          <Text size="sm" c="dimmed">
            {t('profile.mine')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
