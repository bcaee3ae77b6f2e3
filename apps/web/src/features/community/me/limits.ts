import type { ConnectionType, SkillLevel } from '@tutti/contract/community';

// The contract's limits, as plain values: importing them from the contract would ship zod with the page.
// limits.test.ts checks that they still match.
export const BIOGRAPHY_MAX = 1000;
export const SOCIAL_LINKS_MAX = 10;
export const INSTRUMENTS_MAX = 12;
export const MUSIC_STYLES_MAX = 12;
export const CITY_QUERY_MIN_LENGTH = 2;
export const SKILL_LEVELS: readonly SkillLevel[] = ['beginner', 'medium', 'expert'];
export const CONNECTION_TYPES: readonly ConnectionType[] = ['fiber', 'broadband', 'satellite', 'other'];
/** How long the city field waits after the last key before it searches. */
export const CITY_SEARCH_DEBOUNCE_MS = 250;
