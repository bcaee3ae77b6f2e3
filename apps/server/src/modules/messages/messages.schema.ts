import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';
import { accounts } from '../accounts/accounts.schema.ts';

// Private messages (issue 13, docs/decisions/0032): one conversation per pair of musicians, a row per member for what
// each one's list needs (order, unread count, read marker, last email), and the messages in one total order (`seq`).
// Deleting an account keeps the other member's history: its ids become null, its own member row goes.

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The two members, the lower id first: the pair is unique (null once that account is deleted). */
    memberLow: uuid('member_low').references(() => accounts.id, { onDelete: 'set null' }),
    memberHigh: uuid('member_high').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.memberLow, t.memberHigh),
    index('conversations_member_high_idx').on(t.memberHigh),
    check('conversations_pair_ordered', sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The other member; null once their account is deleted (shown as a deleted musician). */
    otherId: uuid('other_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The last message this member read (its seq and id); 0 and null before any. */
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    readMessageId: uuid('read_message_id'),
    /** Messages of the other member after the read marker. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** When the oldest of those arrived (the unread-message email waits on it); null with nothing unread. */
    unreadSince: instant('unread_since'),
    /** The last message's time, or the conversation's creation: the list's order. */
    updatedAt: instant('updated_at').notNull().defaultNow(),
    lastEmailedAt: instant('last_emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.conversationId] }),
    index('conversation_members_list_idx').on(t.accountId, t.updatedAt.desc(), t.conversationId),
    index('conversation_members_other_idx').on(t.otherId),
    index('conversation_members_unread_idx')
      .on(t.unreadSince)
      .where(sql`${t.unreadSince} IS NOT NULL`),
  ],
);

export const privateMessages = pgTable(
  'private_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The one order of all messages (sends in a conversation are serialized by a lock on it). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    contents: text('contents').notNull(),
    clientMessageId: uuid('client_message_id').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('private_messages_seq_key').on(t.seq),
    uniqueIndex('private_messages_client_key').on(t.conversationId, t.authorId, t.clientMessageId),
    index('private_messages_conversation_seq_idx').on(t.conversationId, t.seq.desc()),
  ],
);

export type ConversationMemberRow = typeof conversationMembers.$inferSelect;
export type PrivateMessageRow = typeof privateMessages.$inferSelect;
