import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, PageQuerySchema, PageSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode } from './errors.ts';

/**
 * Private messages between two musicians (SPEC sections 2 "Private messages", 3 "Conversation", 7 "Messages").
 * Social calls: an account under the social age gets 403 SOCIAL_NOT_ELIGIBLE, and a musician hidden from the
 * caller (unknown, blocked either way, under 13, deleted) is the same 404 as an unknown one.
 */

/** Longest message, in characters after trimming (a long paragraph; a page of text goes in several). */
export const MESSAGE_CONTENTS_MAX = 4000;
/** Messages per page of a thread (newest first; the page scrolls back by cursor). */
export const MESSAGES_PAGE_DEFAULT = 30;
export const MESSAGES_PAGE_MAX = 100;
/** Messages one musician may send per minute, all conversations together (over it: 429 RATE_LIMITED). */
export const MESSAGES_PER_MINUTE = 30;
/** A "typing" signal shows for this long unless a new one comes; a typing page repeats it every TYPING_REPEAT_MS. */
export const TYPING_EXPIRY_MS = 5_000;
export const TYPING_REPEAT_MS = 2_000;
/** Unread messages are emailed once they have waited this long unread (the page was closed)… */
export const UNREAD_EMAIL_DELAY_MS = 15 * 60_000;
/** …and at most once per conversation in this window. */
export const UNREAD_EMAIL_WINDOW_MS = 24 * 60 * 60_000;

/** The other member of a conversation; a deleted account keeps its messages, shown with `deleted` and no names. */
export const ConversationMemberSchema = z
  .object({
    id: z.uuid().nullable(),
    username: z.string().nullable(),
    displayedUsername: z.string().nullable(),
    /** Null: the default avatar. */
    profilePicture: z.string().nullable(),
    verified: z.boolean(),
    /** The account was deleted: its messages stay, its name does not. */
    deleted: z.boolean(),
  })
  .meta({ id: 'ConversationMember' });
export type ConversationMember = z.infer<typeof ConversationMemberSchema>;

export const PrivateMessageSchema = z
  .object({
    messageId: z.uuid(),
    conversationId: z.uuid(),
    /** Null once the author's account is deleted. */
    authorId: z.uuid().nullable(),
    /** Plain text: the web shows it as text, links made clickable, nothing else interpreted. */
    contents: z.string(),
    sentAt: z.string(),
    /** The sender's own id for this message (idempotent retries); only the author sees it. */
    clientMessageId: z.uuid().nullable(),
  })
  .meta({ id: 'PrivateMessage' });
export type PrivateMessage = z.infer<typeof PrivateMessageSchema>;

export const ConversationSchema = z
  .object({
    id: z.uuid(),
    other: ConversationMemberSchema,
    lastMessage: PrivateMessageSchema.nullable(),
    /** Messages from the other member after my read marker. */
    unreadCount: z.number().int().min(0),
    /** The last message's time, or the conversation's creation: the list's order, most recent first. */
    updatedAt: z.string(),
    /** Whether I can write: false when either member blocked the other (the conversation then leaves my list). */
    canWrite: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListQuerySchema = PageQuerySchema.extend({
  /** Part of the other member's name or username (accents and case ignored). */
  q: text().max(80).optional(),
});
export const ConversationPageSchema = PageSchema(ConversationSchema)
  .extend({
    /** My conversations holding unread messages (the header's badge, SPEC section 3 unreadPrivateMessages). */
    unreadConversations: z.number().int().min(0),
  })
  .meta({ id: 'ConversationPage' });
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

export const OpenConversationBodySchema = z.object({ accountId: z.uuid() });

export const MessagesQuerySchema = z.object({
  /** A message id: the page holds the messages sent before it (older). Absent: the newest. */
  before: z.uuid().optional(),
  size: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});
export const MessagePageSchema = z
  .object({
    conversation: ConversationSchema,
    /** Newest first. */
    messages: z.array(PrivateMessageSchema),
    /** The `before` of the next (older) page; null at the start of the conversation. */
    nextBefore: z.uuid().nullable(),
    /** The last message the other member has read (mine or theirs), null before they read any. */
    otherReadUpTo: z.uuid().nullable(),
    /** The last message I have read. */
    myReadUpTo: z.uuid().nullable(),
  })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const SendMessageBodySchema = z.object({
  /** Trimmed; 1 to MESSAGE_CONTENTS_MAX characters. */
  contents: text({ multiline: true, error: 'required' })
    .trim()
    .min(1, fieldCode('required'))
    .max(MESSAGE_CONTENTS_MAX, fieldCode('too_long')),
  /** Chosen by the page for each message: a retry with the same id returns the first message, stored once. */
  clientMessageId: z.uuid(),
});
export const ReadBodySchema = z.object({ messageId: z.uuid() });
export const ReadMarkerSchema = z
  .object({
    conversationId: z.uuid(),
    /** Where my marker is now: never earlier than before the call. */
    readUpTo: z.uuid().nullable(),
    unreadConversations: z.number().int().min(0),
  })
  .meta({ id: 'ReadMarker' });
export type ReadMarker = z.infer<typeof ReadMarkerSchema>;

/** Conversations are their two members' only: anyone else gets the same 404 as an unknown one. */
const members = AUTHZ.ownerOnly;

export const messageEndpoints = {
  listConversations: def({
    method: 'GET',
    path: 'v1/me/private-messages/conversations',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'messages',
    summary: 'My conversations, most recent first, each with the other musician, its last message and unread count',
    query: ConversationListQuerySchema,
    response: ConversationPageSchema,
  }),
  openConversation: def({
    method: 'POST',
    path: 'v1/me/private-messages/conversations',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'messages',
    summary: 'Open the one conversation with a musician (or return it when it exists)',
    body: OpenConversationBodySchema,
    response: ConversationSchema,
  }),
  lookupConversation: def({
    method: 'GET',
    path: 'v1/me/private-messages/conversations/lookup/{id}',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'messages',
    // None yet is an answer, not an error: every visit to a profile asks (issue 29). 404: no such musician.
    summary: 'My conversation with musician {id}, or null when there is none yet',
    params: IdParamsSchema,
    response: ConversationSchema.nullable(),
  }),
  getConversation: def({
    method: 'GET',
    path: 'v2/me/private-messages/conversations/{id}',
    access: 'user',
    authz: members,
    tag: 'messages',
    summary: "A conversation's messages, newest first, paged by cursor, with both read markers",
    params: IdParamsSchema,
    query: MessagesQuerySchema,
    response: MessagePageSchema,
  }),
  sendMessage: def({
    method: 'POST',
    path: 'v1/me/private-messages/conversations/{id}',
    access: 'user',
    authz: members,
    tag: 'messages',
    summary: 'Send a plain-text message; the same clientMessageId again returns the first one',
    params: IdParamsSchema,
    body: SendMessageBodySchema,
    response: PrivateMessageSchema,
    status: 201,
  }),
  readConversation: def({
    method: 'POST',
    path: 'v1/me/private-messages/conversations/{id}/read',
    access: 'user',
    authz: members,
    tag: 'messages',
    summary: 'Mark the conversation read up to a message (the marker never moves back)',
    params: IdParamsSchema,
    body: ReadBodySchema,
    response: ReadMarkerSchema,
  }),
} as const;
