import { vi } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import { testUser } from '../../../test/current-user';
import { checkedBusHandler } from '../../../test/bus-events';
import type { BusEventSchemaName } from '../../lib/bus-schemas';
import type { Conversation, ConversationMember, MessagePage, PrivateMessage } from '@tutti/contract/messages';

export const ME_ID = '11111111-1111-4111-8111-111111111111';
export const BEN_ID = '22222222-2222-4222-8222-222222222222';
export const CONVERSATION_ID = '33333333-3333-4333-8333-333333333333';

export const ME: CurrentUser = testUser({ id: ME_ID });

export const BEN: ConversationMember = {
  id: BEN_ID,
  username: 'ben',
  displayedUsername: 'Ben',
  profilePicture: null,
  verified: false,
  deleted: false,
};

let counter = 0;
/** A message id that sorts with its creation (the fixtures' order is the thread's). */
export const messageId = (): string => `44444444-4444-4444-8444-${String(++counter).padStart(12, '0')}`;

export function message(over: Partial<PrivateMessage> = {}): PrivateMessage {
  return {
    messageId: messageId(),
    conversationId: CONVERSATION_ID,
    authorId: BEN_ID,
    contents: 'Hello',
    sentAt: '2026-11-26T10:00:00.000Z',
    clientMessageId: null,
    ...over,
  };
}

export function conversation(over: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    other: BEN,
    lastMessage: null,
    unreadCount: 0,
    updatedAt: '2026-11-26T10:00:00.000Z',
    canWrite: true,
    ...over,
  };
}

/** Newest first, as the server sends them. */
export function messagePage(messages: PrivateMessage[], over: Partial<MessagePage> = {}): MessagePage {
  return {
    conversation: conversation({ lastMessage: messages[0] ?? null }),
    messages,
    nextBefore: null,
    otherReadUpTo: null,
    myReadUpTo: messages[0]?.messageId ?? null,
    ...over,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export const apiError = (status: number, code: string) => json(status, { error: { code, message: code } });

/** Stands in for lib/use-bus: records each topic's handler so a test can deliver events, and what was published. */
export const bus = {
  handlers: new Map<string, (data: unknown) => void>(),
  published: [] as { topic: string; data: unknown }[],
  deliver(topic: string, data: unknown) {
    const handler = bus.handlers.get(topic);
    if (!handler) throw new Error(`nothing subscribed to ${topic}`);
    handler(data);
  },
  reset() {
    bus.handlers.clear();
    bus.published = [];
  },
};

export const busModule = {
  useBusTopic: vi.fn((topic: string | null, onMessage: (data: unknown) => void) => {
    if (topic) bus.handlers.set(topic, onMessage);
  }),
  useBusEvent: vi.fn((topic: string | null, schema: BusEventSchemaName, onEvent: (event: unknown) => void) => {
    if (topic) bus.handlers.set(topic, checkedBusHandler(schema, onEvent));
  }),
  publishBus: vi.fn((topic: string, data: unknown) => void bus.published.push({ topic, data })),
  startBus: vi.fn(),
  closeBus: vi.fn(),
};
