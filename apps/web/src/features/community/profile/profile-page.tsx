import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useState, type ReactNode } from 'react';
import type { Profile as ProfileData } from '@tutti/contract/community';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page';
import { FormAlert } from '../../../components/ui/form-alert';
import { showToast } from '../../../components/ui/toast-host';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { PATHS } from '../../../lib/paths';
import { useTitle } from '../../../lib/use-title';
import { useBlockToggle, useProfile } from '../api/profile';
import { CommunityGate } from '../components/community-gate';
import { COMMUNITY_NS } from '../translations';
import { ProfileDetails } from '../components/profile-details';
import { ProfileHeader } from './profile-header';
import { LoadError } from '../../../components/ui/load-error';

interface Blocked {
  id: string;
  name: string;
}

function ProfileSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton radius="lg" style={{ aspectRatio: '3 / 1' }} />
      <Skeleton height={28} width="40%" />
      <Skeleton height={18} width="25%" />
      <Skeleton height={120} radius="lg" />
    </Stack>
  );
}

/** Just blocked: the profile is gone for both; unblocking is offered at once (and stays in the preferences). */
function BlockedNotice({ blocked, onUnblock, pending }: { blocked: Blocked; onUnblock: () => void; pending: boolean }) {
  const { t } = useTranslation(COMMUNITY_NS);
  useTitle(blocked.name);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          {t('actions.blockedNote', { name: blocked.name })}
        </Title>
        <Text c="dimmed">{t('actions.blockedHint')}</Text>
        <Group gap="sm">
          <Button variant="default" onClick={onUnblock} loading={pending}>
            {t('actions.unblock', { name: blocked.name })}
          </Button>
          <Button component={Link} to={PATHS.search}>
            {t('actions.toSearch')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Another feature's action on the musician shown (the router passes the messages' "Send a message"). */
export type ProfileAction = (musician: { id: string; name: string }) => ReactNode;

function Profile({ username, action }: { username: string; action?: ProfileAction }) {
  const { t } = useTranslation(COMMUNITY_NS);
  const { t: tc } = useTranslation();
  const profile = useProfile(username);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const name = profile.data?.displayedUsername ?? username;
  const toggle = useBlockToggle({
    onSuccess: ({ block }) => {
      setBlocked(block ? { id: profile.data?.id ?? '', name } : null);
      showToast({ message: t(block ? 'actions.blocked' : 'actions.unblocked', { name }) });
    },
  });
  const onError = (error: unknown) => showToast({ message: errorText(tc, error), color: 'red' });

  if (blocked) {
    return (
      <BlockedNotice
        blocked={blocked}
        pending={toggle.isPending}
        onUnblock={() => toggle.mutate({ id: blocked.id, block: false }, { onError })}
      />
    );
  }
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    // Unknown, hidden (blocked either way, under 13) and missing profiles: the app's not-found, revealing nothing.
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundPage />;
    return <LoadError text={t('profile.loadError')} onRetry={() => void profile.refetch()} />;
  }

  const data = profile.data;
  return (
    <ProfileView
      profile={data}
      action={action}
      blocking={toggle.isPending}
      onBlock={() => toggle.mutate({ id: data.id, block: true }, { onError })}
    />
  );
}

interface ProfileViewProps {
  profile: ProfileData;
  onBlock: () => void;
  blocking: boolean;
  action?: ProfileAction;
}

function ProfileView({ profile, onBlock, blocking, action }: ProfileViewProps) {
  const { t } = useTranslation(COMMUNITY_NS);
  useTitle(profile.displayedUsername);
  return (
    <Stack gap="md">
      <ProfileHeader
        profile={profile}
        blocking={blocking}
        onBlock={onBlock}
        extraAction={profile.self ? undefined : action?.({ id: profile.id, name: profile.displayedUsername })}
      />
      {profile.restricted ? (
        <FormAlert kind="info">{t('profile.private', { name: profile.displayedUsername })}</FormAlert>
      ) : (
        <ProfileDetails profile={profile} />
      )}
    </Stack>
  );
}

/** /users/profiles/:username (SPEC section 2): another musician's profile, as I may see it. */
export function ProfilePage({ action }: { action?: ProfileAction }) {
  const { username = '' } = useParams();
  return (
    <CommunityGate>
      <Profile key={username} username={username} action={action} />
    </CommunityGate>
  );
}
