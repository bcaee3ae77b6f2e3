import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { CITY_QUERY_MIN_LENGTH } from '../limits';
import { currentLanguage } from '../../../../lib/i18n';

/** GET v1/places/cities as the musician types (the caller debounces): names in the reader's language. */
export function useCitySearch(q: string) {
  const query = q.trim();
  const locale = currentLanguage();
  return useQuery({
    queryKey: ['places', 'cities', locale, query],
    queryFn: ({ signal }) => api.call('searchCities', { query: { q: query, limit: 8 }, signal }),
    enabled: query.length >= CITY_QUERY_MIN_LENGTH,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
