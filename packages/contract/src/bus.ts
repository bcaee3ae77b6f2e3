import { z } from 'zod';
import { MusicianRefSchema, SessionSchema } from './sessions.ts';
import { text } from './common.ts';
import { PrivateMessageSchema } from './messages.ts';
import { BUS_COMMANDS, BUS_ERROR_CODES } from './bus-topics.ts';

/**
 * The live bus: one WebSocket per page at `/bus?token=<access token>` (the browser's WebSocket cannot send headers;
 * the token is checked at connect, and the connection closes with code 4401 when it is missing or invalid).
 *
 * In: `{command: 'SUBSCRIBE' | 'UNSUBSCRIBE' | 'PUBLISH', topic, data?}`.
 * Out: `{topic, data}` for an event; `{topic, error: {code, message}}` when a command is refused (unknown or
 * forbidden topic, malformed command). Every SUBSCRIBE and PUBLISH is authorized by its topic's rule below.
 * The server publishes every event here; the one topic a page may PUBLISH on is a conversation's typing topic
 * (members only, never stored: the server relays it with the sender's id); any other PUBLISH is refused FORBIDDEN.
 */

export {
  BUS_CLOSE_ABUSE,
  BUS_CLOSE_AUTH_TIMEOUT,
  BUS_CLOSE_REVOKED,
  BUS_CLOSE_TOO_MANY_CONNECTIONS,
  BUS_CLOSE_UNAUTHENTICATED,
  BUS_COMMANDS,
  BUS_ERROR_CODES,
  BUS_MAX_COMMAND_BYTES,
  BUS_MAX_SUBSCRIPTIONS,
  BUS_PATH,
  BUS_RECONNECT_MAX_MS,
  busTopics,
} from './bus-topics.ts';

export const BusCommandSchema = z.object({
  command: z.enum(BUS_COMMANDS),
  topic: text().min(1).max(200),
  data: z.unknown().optional(),
});
export type BusCommand = z.infer<typeof BusCommandSchema>;

export const BusErrorSchema = z.object({
  topic: z.string(),
  error: z.object({ code: z.enum(BUS_ERROR_CODES), message: z.string() }),
});
export type BusError = z.infer<typeof BusErrorSchema>;

// ---- topics and what they carry

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Parses a topic into its rule and parameter; null for a topic no rule knows. */
export function parseBusTopic(
  topic: string,
):
  | { kind: 'session'; sessionId: string }
  | { kind: 'invitations' | 'blocked' | 'privateMessages'; userId: string }
  | { kind: 'typing'; conversationId: string }
  | { kind: 'hallSessions' }
  | null {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^/sessions/(${UUID})$`).exec(topic))) return { kind: 'session', sessionId: m[1] as string };
  if ((m = new RegExp(`^/users/(${UUID})/invitations$`).exec(topic)))
    return { kind: 'invitations', userId: m[1] as string };
  if ((m = new RegExp(`^/blocked/(${UUID})$`).exec(topic))) return { kind: 'blocked', userId: m[1] as string };
  if ((m = new RegExp(`^/users/(${UUID})/private-messages$`).exec(topic)))
    return { kind: 'privateMessages', userId: m[1] as string };
  if ((m = new RegExp(`^/conversations/(${UUID})/typing$`).exec(topic)))
    return { kind: 'typing', conversationId: m[1] as string };
  if (topic === '/hall/sessions') return { kind: 'hallSessions' };
  return null;
}

/** `/sessions/{id}`: the whole session after the change, so a page replaces what it shows. */
export const SessionEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('joined'), session: SessionSchema, musician: MusicianRefSchema, slot: z.number().int() }),
  z.object({
    event: z.literal('left'),
    session: SessionSchema,
    musician: MusicianRefSchema,
    slot: z.number().int(),
    /** quit: the musician left; timeout: keepalives stopped; minutes: free minutes ran out. */
    reason: z.enum(['quit', 'timeout', 'minutes']),
  }),
  z.object({ event: z.literal('updated'), session: SessionSchema }),
  z.object({ event: z.literal('ended'), session: SessionSchema }),
]);
export type SessionEvent = z.infer<typeof SessionEventSchema>;

/** `/users/{id}/invitations`: a new invitation. */
export const InvitationEventSchema = z.object({
  event: z.literal('invited'),
  session: SessionSchema,
  invitedBy: MusicianRefSchema,
});
export type InvitationEvent = z.infer<typeof InvitationEventSchema>;

/** Also on `/users/{id}/invitations`: a private session I organize or am invited to changed (someone joined or left,
 *  it started, ended or was cancelled), so my lists show it live as `/hall/sessions` does for public ones. */
export const InvitedSessionChangedSchema = z.object({ event: z.literal('changed'), session: SessionSchema });
export type InvitedSessionChanged = z.infer<typeof InvitedSessionChangedSchema>;

/** `/hall/sessions`: public sessions only. */
export const HallSessionEventSchema = z.object({
  event: z.enum(['created', 'updated', 'ended']),
  session: SessionSchema,
});
export type HallSessionEvent = z.infer<typeof HallSessionEventSchema>;

/** `/blocked/{userId}`: the list is reloaded from v1/me/blocked?reverse=true. */
export const BlockedEventSchema = z.object({ event: z.literal('changed') });

/** `/users/{id}/private-messages`: a message in one of my conversations (sent by me in another tab, or to me), a
 *  read marker that moved (mine in another tab, or the other member's), and my unread count after each change. */
export const PrivateMessagesEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('message'),
    message: PrivateMessageSchema,
    unreadConversations: z.number().int().min(0),
  }),
  z.object({
    event: z.literal('read'),
    conversationId: z.uuid(),
    readerId: z.uuid(),
    readUpTo: z.uuid(),
    unreadConversations: z.number().int().min(0),
  }),
  /** A block or an unblock changed which conversations I see: the list and the count are reloaded. */
  z.object({ event: z.literal('changed'), unreadConversations: z.number().int().min(0) }),
]);
export type PrivateMessagesEvent = z.infer<typeof PrivateMessagesEventSchema>;

/** What a page PUBLISHes on `/conversations/{id}/typing`: true while its musician types (repeated every
 *  TYPING_REPEAT_MS), false when they stop or send. */
export const TypingCommandSchema = z.object({ typing: z.boolean() });
/** What the members receive: the server adds who is typing (never taken from the page). */
export const TypingEventSchema = z.object({ accountId: z.uuid(), typing: z.boolean() });
export type TypingEvent = z.infer<typeof TypingEventSchema>;

export const BusMessageSchema = z.object({ topic: z.string(), data: z.unknown() });
export type BusMessage = z.infer<typeof BusMessageSchema>;
