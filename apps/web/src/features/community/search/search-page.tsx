import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTitle } from '../../../lib/use-title';
import { CommunityGate } from '../components/community-gate';
import { COMMUNITY_NS } from '../translations';
import { SearchFilters } from './search-filters';
import {
  hasCriteria,
  hasFilters,
  readSearchState,
  searchParamsOf,
  type SearchFilters as Filters,
  type SearchState,
} from './search-params';
import { AroundYou, SearchResults } from './search-results';

/** How long the search box waits for typing to pause before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

function Search() {
  const { t } = useTranslation(COMMUNITY_NS);
  useTitle(t('search.title'));
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);

  // What the box shows: ahead of the URL while typing, back in step when the URL changes (back, reload, a link).
  const [typed, setTyped] = useState(state.q);
  const [urlQ, setUrlQ] = useState(state.q);
  if (urlQ !== state.q) {
    setUrlQ(state.q);
    setTyped(state.q);
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (next: SearchState, replace = false) => {
    clearTimeout(timer.current);
    setParams(searchParamsOf(next), { replace });
  };

  const onType = (value: string) => {
    setTyped(value);
    clearTimeout(timer.current);
    // Typing replaces the history entry: back leaves the search, not each letter.
    timer.current = setTimeout(() => {
      setParams((prev) => searchParamsOf({ ...readSearchState(prev), q: value, page: 1 }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  const current: SearchState = { ...state, q: typed };
  const onFilters = (patch: Partial<Filters>) => go({ ...current, ...patch, page: 1 });
  const onClearFilters = () => go({ ...current, instrument: '', skill: 'all', style: '', country: '', page: 1 });
  const onPage = (page: number) => {
    go({ ...state, page });
    window.scrollTo?.({ top: 0 });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('search.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('search.intro')}
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} role="search">
        <Stack gap="md">
          <TextInput
            type="search"
            size="md"
            label={t('search.query')}
            placeholder={t('search.queryPlaceholder')}
            value={typed}
            maxLength={80}
            onChange={(e) => onType(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') go({ ...current, page: 1 }, true);
            }}
          />
          <SearchFilters value={state} onChange={onFilters} onClear={onClearFilters} canClear={hasFilters(state)} />
        </Stack>
      </Paper>
      {hasCriteria(state) ? (
        <SearchResults state={state} onPage={onPage} onClearFilters={onClearFilters} />
      ) : (
        <AroundYou />
      )}
    </Stack>
  );
}

/** /search (SPEC section 2): musicians by name, username or city, with filters and pages. */
export function SearchPage() {
  return (
    <CommunityGate>
      <Search />
    </CommunityGate>
  );
}
