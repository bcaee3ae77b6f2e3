import { profileKey } from '../../../lib/shared-query-keys';

/** Every community query sits under `community`, so a change of blocks (mine or someone's of me) reloads them all. */
export const communityKeys = {
  all: ['community'] as const,
  profile: profileKey,
  search: (body: unknown) => ['community', 'search', body] as const,
  follows: (page: number) => ['community', 'follows', page] as const,
  followers: (accountId: string, page: number) => ['community', 'followers', accountId, page] as const,
  suggestions: (kind: 'around' | 'country' | 'city', limit: number) =>
    ['community', 'suggestions', kind, limit] as const,
  blocked: (page: number) => ['community', 'blocked', page] as const,
  blockedBy: ['community', 'blocked-by'] as const,
};
