import { Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { MusicianCard as Card } from '@tutti/contract/community';
import type { ResponseOf } from '@tutti/contract/http';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { followersPages, myFollowsPages } from '../api/profile';
import { useWithoutBlockers } from '../blocked-by';
import { MusicianCard } from '../components/musician-card';
import { Pager } from '../../../components/ui/pager';
import { CardSkeletons } from '../search/search-results';
import { COMMUNITY_NS } from '../translations';
import { LoadError } from '../../../components/ui/load-error';

export const FOLLOWERS_PAGE_SIZE = 10;

/** What a page of musicians is: its cache key and how to load it. */
interface PageQuery {
  key: (page: number) => QueryKey;
  load: (page: number) => Promise<ResponseOf<'listFollows'>>;
}

/** Musicians, a page at a time, from `query(page)`, with the list's own words. */
function MusicianPages({ query, texts }: { query: PageQuery; texts: { error: string; empty: string; pages: string } }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: query.key(page),
    queryFn: () => query.load(page),
    placeholderData: keepPreviousData,
  });
  const musicians = useWithoutBlockers(list.data?.items, (m: Card) => m.id);

  if (list.isPending) return <CardSkeletons count={2} />;
  if (list.isError) return <LoadError text={texts.error} onRetry={() => void list.refetch()} />;
  if (musicians.length === 0) return <Text c="dimmed">{texts.empty}</Text>;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {musicians.map((m) => (
          <li key={m.id}>
            <MusicianCard musician={m} />
          </li>
        ))}
      </Stack>
      <Pager page={page} total={list.data.total} size={FOLLOWERS_PAGE_SIZE} onChange={setPage} label={texts.pages} />
    </Stack>
  );
}

/** A musician's followers, a page at a time (shown in a modal from their profile). */
export function FollowersList({ accountId }: { accountId: string }) {
  const { t } = useTranslation(COMMUNITY_NS);
  return (
    <MusicianPages
      query={followersPages(accountId, FOLLOWERS_PAGE_SIZE)}
      texts={{ error: t('followers.error'), empty: t('followers.empty'), pages: t('followers.pages') }}
    />
  );
}

/** The musicians I follow, a page at a time (shown in a modal from my own profile). */
export function MyFollowsList() {
  const { t } = useTranslation(COMMUNITY_NS);
  return (
    <MusicianPages
      query={myFollowsPages(FOLLOWERS_PAGE_SIZE)}
      texts={{ error: t('follows.error'), empty: t('follows.empty'), pages: t('follows.pages') }}
    />
  );
}
