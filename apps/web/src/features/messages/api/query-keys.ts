/** Every messages query sits under `messages`: a block (mine or someone's of me) reloads them all. */
export const messageKeys = {
  all: ['messages'] as const,
  /** The header's badge: how many of my conversations hold unread messages. */
  unread: ['messages', 'unread'] as const,
  lists: ['messages', 'list'] as const,
  list: (q: string) => ['messages', 'list', q] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  /** My conversation with a musician, if any (their profile's button). */
  with: (accountId: string) => ['messages', 'with', accountId] as const,
  /** A musician's names and avatar by id (a toast's sender not in a loaded list); a block reloads it with the rest. */
  member: (accountId: string) => ['messages', 'member', accountId] as const,
};
