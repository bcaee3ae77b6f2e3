/** Every sessions query key in one place, so a bus event can refresh exactly what it changes. */
export const sessionKeys = {
  all: ['sessions'] as const,
  live: ['sessions', 'live'] as const,
  publicPage: (page: number) => ['sessions', 'public', page] as const,
  mine: ['sessions', 'mine'] as const,
  details: (id: string) => ['sessions', 'details', id] as const,
  posts: ['sessions', 'posts'] as const,
};
