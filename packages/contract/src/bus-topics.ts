/**
 * The live bus's topics and constants (see bus.ts for who may subscribe to each topic and what it carries), without
 * zod: a page that only subscribes (the hall) does not load the schemas, which come with the first message
 * (apps/web/src/lib/bus-schemas.ts). bus.ts re-exports all of this.
 */

export const BUS_PATH = '/bus';
/** Close codes: 4401 unauthenticated, 4403 device revoked. */
export const BUS_CLOSE_UNAUTHENTICATED = 4401;
export const BUS_CLOSE_REVOKED = 4403;
/** The token was not checked within the server's deadline (the page may reconnect). */
export const BUS_CLOSE_AUTH_TIMEOUT = 4408;
/** The account (or the address) already holds as many connections as the server allows; the page retries later. */
export const BUS_CLOSE_TOO_MANY_CONNECTIONS = 4409;
/** The connection sent commands far beyond its budget (a token bucket: a burst, then a steady rate); commands over
 *  the budget are first refused with RATE_LIMITED, then the connection is closed with this code. */
export const BUS_CLOSE_ABUSE = 4429;
/** Largest command a page may send. */
export const BUS_MAX_COMMAND_BYTES = 16 * 1024;
/** Topics one connection may hold at once. */
export const BUS_MAX_SUBSCRIPTIONS = 100;
/** The web waits 10^retry ms before reconnecting (1 ms, 10 ms, ... capped at this). */
export const BUS_RECONNECT_MAX_MS = 30_000;

export const BUS_COMMANDS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'PUBLISH'] as const;
export type BusCommandName = (typeof BUS_COMMANDS)[number];

export const BUS_ERROR_CODES = [
  'BAD_COMMAND',
  'UNKNOWN_TOPIC',
  'FORBIDDEN',
  'TOO_MANY_SUBSCRIPTIONS',
  /** Over the command budget: the command was not run (see BUS_CLOSE_ABUSE). */
  'RATE_LIMITED',
] as const;
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
