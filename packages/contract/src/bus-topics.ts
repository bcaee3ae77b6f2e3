/**
 * The live bus's topics (see bus.ts for who may subscribe to each and what they carry). Plain functions without zod, so
 * a page that only subscribes (the hall) does not load the schemas.
 */
export const busTopics = {
  /** A session's life: players joining and leaving, edits, its end. Who may see the session may subscribe. */
  session: (sessionId: string) => `/sessions/${sessionId}`,
  /** New invitations of one user; only that user. */
  invitations: (userId: string) => `/users/${userId}/invitations`,
  /** Public sessions appearing, changing and ending; any signed-in user. */
  hallSessions: () => '/hall/sessions',
  /** Reserved for the community issue: the user's blocked-by list changed; only that user. */
  blocked: (userId: string) => `/blocked/${userId}`,
  /** One user's private messages: new messages and read markers of all their conversations, and their unread count;
   *  only that user (every tab of theirs, so reading in one clears the badge in the others). */
  privateMessages: (userId: string) => `/users/${userId}/private-messages`,
  /** "Is typing" in one conversation: its two members subscribe and PUBLISH `{typing}`; rate-limited, never stored. */
  typing: (conversationId: string) => `/conversations/${conversationId}/typing`,
} as const;
