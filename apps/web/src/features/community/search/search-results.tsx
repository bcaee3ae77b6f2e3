import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import type { MusicianCard as Card } from '@tutti/contract/community';
import { useTranslation } from 'react-i18next';
import { useSuggestionsAround, useMusicianSearch } from '../api/search';
import { useWithoutBlockers } from '../blocked-by';
import { MusicianCard } from '../components/musician-card';
import { Pager } from '../../../components/ui/pager';
import { COMMUNITY_NS } from '../translations';
import { hasFilters, SEARCH_PAGE_SIZE, searchBodyOf, type SearchState } from './search-params';
import { LoadError } from '../../../components/ui/load-error';

const idOf = (m: Card) => m.id;

/** Placeholders shaped like cards while the first answer comes. */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={104} radius="md" />
      ))}
    </Stack>
  );
}

function CardList({ musicians }: { musicians: Card[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {musicians.map((m) => (
        <li key={m.id}>
          <MusicianCard musician={m} />
        </li>
      ))}
    </Stack>
  );
}

interface SearchResultsProps {
  state: SearchState;
  onPage: (page: number) => void;
  onClearFilters: () => void;
}

/** One page of results with the total, or why there is none. */
export function SearchResults({ state, onPage, onClearFilters }: SearchResultsProps) {
  const { t } = useTranslation(COMMUNITY_NS);
  const search = useMusicianSearch(searchBodyOf(state), true);
  const musicians = useWithoutBlockers(search.data?.items, idOf);

  let body;
  if (search.isPending) {
    body = <CardSkeletons count={3} />;
  } else if (search.isError) {
    body = <LoadError text={t('search.error')} onRetry={() => void search.refetch()} />;
  } else if (search.data.total === 0 || musicians.length === 0) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{t('search.noResult')}</Text>
        <Text c="dimmed" size="sm">
          {t('search.noResultHint')}
        </Text>
        {hasFilters(state) && (
          <Button variant="light" size="xs" onClick={onClearFilters}>
            {t('search.clearFilters')}
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md" style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }} aria-busy={search.isFetching}>
        <CardList musicians={musicians} />
        <Pager
          page={state.page}
          total={search.data.total}
          size={SEARCH_PAGE_SIZE}
          onChange={onPage}
          label={t('search.pages')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="search-results-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="search-results-title">
          {t('search.results')}
        </Title>
        <Text c="dimmed" size="sm" role="status">
          {search.data ? t('search.count', { count: search.data.total }) : search.isPending ? t('search.loading') : ''}
        </Text>
      </Group>
      {body}
    </Stack>
  );
}

/** Before any search: the musicians close enough to play with, as a start, or a hint when there are none. */
export function AroundYou() {
  const { t } = useTranslation(COMMUNITY_NS);
  const around = useSuggestionsAround(6);
  const musicians = useWithoutBlockers(around.data, idOf);

  if (around.isPending) return <CardSkeletons count={2} />;
  if (around.isError || musicians.length === 0) {
    return <Text c="dimmed">{t('search.start')}</Text>;
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="search-around-title">
      <Text c="dimmed">{t('search.start')}</Text>
      <div>
        <Title order={2} size="h4" id="search-around-title">
          {t('search.around')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('search.aroundHint')}
        </Text>
      </div>
      <CardList musicians={musicians} />
    </Stack>
  );
}
