import { Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import type { MusicianCard as Card } from '@tutti/contract/community';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFollowers } from '../api/profile';
import { useWithoutBlockers } from '../blocked-by';
import { MusicianCard } from '../components/musician-card';
import { Pager } from '../../../components/ui/pager';
import { CardSkeletons } from '../search/search-results';
import { COMMUNITY_NS } from '../translations';
import { LoadError } from '../../../components/ui/load-error';

export const FOLLOWERS_PAGE_SIZE = 10;

/** A musician's followers, a page at a time (shown in a modal from their profile). */
export function FollowersList({ accountId }: { accountId: string }) {
  const { t } = useTranslation(COMMUNITY_NS);
  const [page, setPage] = useState(1);
  const followers = useFollowers(accountId, page, FOLLOWERS_PAGE_SIZE, true);
  const musicians = useWithoutBlockers(followers.data?.items, (m: Card) => m.id);

  if (followers.isPending) return <CardSkeletons count={2} />;
  if (followers.isError) {
    return <LoadError text={t('followers.error')} onRetry={() => void followers.refetch()} />;
  }
  if (musicians.length === 0) return <Text c="dimmed">{t('followers.empty')}</Text>;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {musicians.map((m) => (
          <li key={m.id}>
            <MusicianCard musician={m} />
          </li>
        ))}
      </Stack>
      <Pager
        page={page}
        total={followers.data.total}
        size={FOLLOWERS_PAGE_SIZE}
        onChange={setPage}
        label={t('followers.pages')}
      />
    </Stack>
  );
}
