import { SKILL_LEVELS, type SearchBody, type SkillLevel } from '@tutti/contract/community';

/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;

/** What the search page shows, kept in the URL's query string so reload and back bring it again. */
export interface SearchState {
  q: string;
  instrument: string;
  skill: 'all' | SkillLevel;
  style: string;
  country: string;
  page: number;
}

export type SearchFilters = Pick<SearchState, 'instrument' | 'skill' | 'style' | 'country'>;

const isSkill = (s: string | null): s is SkillLevel => (SKILL_LEVELS as readonly string[]).includes(s ?? '');

export function readSearchState(params: URLSearchParams): SearchState {
  const page = Number(params.get('p'));
  const skill = params.get('skill');
  return {
    q: params.get('q') ?? '',
    instrument: params.get('instrument') ?? '',
    skill: isSkill(skill) ? skill : 'all',
    style: params.get('style') ?? '',
    country: (params.get('country') ?? '').toUpperCase(),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of a state: only what differs from the defaults. */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.instrument) params.set('instrument', state.instrument);
  if (state.skill !== 'all') params.set('skill', state.skill);
  if (state.style) params.set('style', state.style);
  if (state.country) params.set('country', state.country);
  if (state.page > 1) params.set('p', String(state.page));
  return params;
}

export const hasFilters = (s: SearchState): boolean =>
  s.instrument !== '' || s.skill !== 'all' || s.style !== '' || s.country !== '';

/** Something to search for: a query or a filter. */
export const hasCriteria = (s: SearchState): boolean => s.q.trim() !== '' || hasFilters(s);

/** The body of POST v2/search for a state. */
export function searchBodyOf(state: SearchState): SearchBody {
  const q = state.q.trim();
  return {
    p: state.page,
    size: SEARCH_PAGE_SIZE,
    filters: {
      ...(q && { q }),
      ...(state.instrument && { instrument: state.instrument }),
      ...(state.skill !== 'all' && { skill: state.skill }),
      ...(state.style && { style: state.style }),
      ...(state.country && { country: state.country }),
    },
  };
}
