import { useState } from 'react';
import {
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/ui/section-card';
import { EDIT_PROFILE_PATH, PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useWithoutBlockers } from '../blocked-by';
import { COMMUNITY_NS } from '../translations';
import { AroundCard } from './around-card';
import { SectionBoundary } from './section-boundary';
import {
  AROUND_LIMIT,
  AROUND_SCOPES,
  type AroundScope,
  useFollowingSomeoneNear,
  useMusiciansAround,
  useOwnProfile,
} from './use-around';

/** Where a musician sets their city: their profile, opened in edit mode. */

const cardsGrid = { base: 1, sm: 2, lg: 3 } as const;

function AroundSkeleton() {
  return (
    <SimpleGrid cols={cardsGrid} spacing="sm">
      {Array.from({ length: 3 }, (_, i) => (
        <Paper key={i} withBorder radius="md" p="sm">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Skeleton circle height={48} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={14} width="60%" />
              <Skeleton height={12} width="80%" />
              <Skeleton height={22} width={80} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** An empty state: what is missing, and the one thing to do about it. */
function Invite({ text, action, to }: { text: string; action: string; to: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text c="dimmed" style={{ flex: '1 1 280px' }}>
        {text}
      </Text>
      <Button component={Link} to={to} variant="light" size="sm">
        {action}
      </Button>
    </Group>
  );
}

function Loading() {
  const { t: tc } = useTranslation();
  return (
    <Box aria-busy="true">
      <VisuallyHidden>{tc('loading')}</VisuallyHidden>
      <AroundSkeleton />
    </Box>
  );
}

/** No one to suggest nearby: because nobody is near, or because I follow everyone who is (they are not suggested). */
function NobodyAround() {
  const { t } = useTranslation(COMMUNITY_NS);
  const followingNear = useFollowingSomeoneNear(true);
  if (followingNear.isPending) return <Loading />;
  const text = followingNear.data ? t('around.nobody.allFollowed') : t('around.nobody.around');
  return <Invite text={text} action={t('around.search')} to={PATHS.search} />;
}

function AroundList({ userId, username, scope }: { userId: string; username: string; scope: AroundScope }) {
  const { t } = useTranslation(COMMUNITY_NS);
  const profile = useOwnProfile({ id: userId, username }, true);
  const around = useMusiciansAround(true, scope);
  const shown = useWithoutBlockers(around.data, (m) => m.id);

  // Without a city the server can only guess by country: the hall asks for the city instead.
  if (profile.data && profile.data.city === null)
    return <Invite text={t('around.noCity')} action={t('around.setCity')} to={EDIT_PROFILE_PATH} />;
  if (profile.isError || around.isError) {
    return (
      <Group gap="sm">
        <Text c="red.8" size="sm">
          {t('around.error')}
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => void Promise.all([profile.isError && profile.refetch(), around.refetch()])}
        >
          {t('around.retry')}
        </Button>
      </Group>
    );
  }
  if (!profile.data || !around.data) return <Loading />;
  if (shown.length === 0 && scope === 'around') return <NobodyAround />;
  if (shown.length === 0)
    return <Invite text={t(`around.nobody.${scope}`)} action={t('around.search')} to={PATHS.search} />;
  return (
    <SimpleGrid component="ul" cols={cardsGrid} spacing="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {shown.slice(0, AROUND_LIMIT).map((m) => (
        <AroundCard key={m.id} musician={m} />
      ))}
    </SimpleGrid>
  );
}

/**
 * "Musicians around you" in the hall (issue 11, SPEC section 6 eligibleToSocial): the musicians close enough to
 * rehearse with in real time, nearest first, each with the estimated delay to them. Only for musicians of the social
 * age (under it: no section and no call). It spans the whole row of the hall's grid; a failure stays inside it.
 */
export function MusiciansAround() {
  const { t } = useTranslation(COMMUNITY_NS);
  const user = useCurrentUser();
  const [scope, setScope] = useState<AroundScope>('around');
  // The same query as the list's (one request): the choice of scope means nothing before a city is set.
  const social = Boolean(user?.eligibleToSocial);
  const profile = useOwnProfile({ id: user?.id ?? '', username: user?.username ?? '' }, social);
  if (!user || !social) return null;
  return (
    <Box style={{ gridColumn: '1 / -1' }}>
      <SectionCard title={t('around.title')}>
        <Group justify="space-between" gap="sm" mt={-6}>
          <Text size="sm" c="dimmed">
            {t(`around.intro.${scope}`)}
          </Text>
          {profile.data?.city && (
            <SegmentedControl
              size="xs"
              aria-label={t('around.scope')}
              value={scope}
              onChange={(value) => setScope(value as AroundScope)}
              data={AROUND_SCOPES.map((s) => ({ value: s, label: t(`around.scopes.${s}`) }))}
            />
          )}
        </Group>
        <SectionBoundary fallback={<Text c="red.8">{t('around.error')}</Text>}>
          <AroundList userId={user.id} username={user.username} scope={scope} />
        </SectionBoundary>
      </SectionCard>
    </Box>
  );
}
