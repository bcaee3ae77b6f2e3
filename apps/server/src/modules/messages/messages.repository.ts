import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { accounts, blocks, type AccountRow } from '../../platform/schema.ts';
import { notBlockedWith, visibleTo } from '../community/community.visibility.ts';
import {
  conversationMembers,
  conversations,
  privateMessages,
  type ConversationMemberRow,
  type PrivateMessageRow,
} from './messages.schema.ts';

/** What a conversation shows of its other member (null once their account is deleted). */
export interface OtherRow {
  id: string;
  username: string;
  displayedUsername: string | null;
  profilePicture: string | null;
  verified: boolean;
  validatedAt: Date | null;
  birthdate: string | null;
}

export interface ListedRow {
  member: ConversationMemberRow;
  other: OtherRow | null;
}

const other = alias(accounts, 'other');
const otherColumns = {
  id: other.id,
  username: other.username,
  displayedUsername: other.displayedUsername,
  profilePicture: other.profilePicture,
  verified: other.verified,
  validatedAt: other.validatedAt,
  birthdate: other.birthdate,
};

/** The other member, unless their account is being deleted: shown as a deleted musician from the start. */
const otherJoin = and(eq(other.id, conversationMembers.otherId), isNull(other.deletionRequestedAt));

/** LIKE's own wildcards in what a musician typed are plain characters. */
const likeEscaped = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createMessagesRepository(db: Db) {
  /** My member rows the list shows: not blocked either way with the other (a deleted other stays). */
  const listed = (accountId: string) =>
    and(eq(conversationMembers.accountId, accountId), notBlockedWith(accountId, conversationMembers.otherId));

  return {
    async account(id: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },

    /** Whether `viewerId` may see `id` (the community's one rule: social, not blocked either way). */
    async visible(viewerId: string, cutoff: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, id), visibleTo(viewerId, cutoff)));
      return row !== undefined;
    },

    async blockedEitherWay(a: string, b: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    async between(a: string, b: string): Promise<string | null> {
      const [low, high] = a < b ? [a, b] : [b, a];
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.memberLow, low), eq(conversations.memberHigh, high)));
      return row?.id ?? null;
    },

    /** The pair's conversation, created with both member rows when new (concurrent opens find the same one). */
    async open(a: string, b: string, at: Date): Promise<string> {
      const [low, high] = a < b ? [a, b] : [b, a];
      return db.transaction(async (tx) => {
        await tx
          .insert(conversations)
          .values({ memberLow: low, memberHigh: high, createdAt: at })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.memberLow, low), eq(conversations.memberHigh, high)));
        if (!row) throw new Error('conversation not created');
        await tx
          .insert(conversationMembers)
          .values([
            { conversationId: row.id, accountId: a, otherId: b, updatedAt: at },
            { conversationId: row.id, accountId: b, otherId: a, updatedAt: at },
          ])
          .onConflictDoNothing();
        return row.id;
      });
    },

    /** My row of a conversation with its other member; null when I am not a member (or it does not exist). */
    async membership(accountId: string, conversationId: string): Promise<ListedRow | null> {
      const [row] = await db
        .select({ member: conversationMembers, other: otherColumns })
        .from(conversationMembers)
        .leftJoin(other, otherJoin)
        .where(
          and(eq(conversationMembers.accountId, accountId), eq(conversationMembers.conversationId, conversationId)),
        );
      return row ?? null;
    },

    /** My listed conversations, most recent first; `q` matches the other's names, accents and case ignored. */
    async list(accountId: string, q: string | undefined, p: number, size: number) {
      const where = and(
        listed(accountId),
        q === undefined || q.trim() === ''
          ? undefined
          : sql`${other.searchNames} LIKE '%' || places_normalize(${likeEscaped(q.trim())}) || '%'`,
      );
      const rows = await db
        .select({ member: conversationMembers, other: otherColumns })
        .from(conversationMembers)
        .leftJoin(other, otherJoin)
        .where(where)
        .orderBy(desc(conversationMembers.updatedAt), desc(conversationMembers.conversationId))
        .limit(size)
        .offset((p - 1) * size);
      const [n] = await db.select({ n: count() }).from(conversationMembers).leftJoin(other, otherJoin).where(where);
      return { rows, total: n?.n ?? 0 };
    },

    /** Conversations of mine holding unread messages, among those my list shows (the header's badge). */
    async unreadConversations(accountId: string): Promise<number> {
      const [n] = await db
        .select({ n: count() })
        .from(conversationMembers)
        .where(and(listed(accountId), gt(conversationMembers.unreadCount, 0)));
      return n?.n ?? 0;
    },

    /** The last message of each conversation. */
    async lastMessages(ids: string[]): Promise<Map<string, PrivateMessageRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([privateMessages.conversationId])
        .from(privateMessages)
        .where(inArray(privateMessages.conversationId, ids))
        .orderBy(asc(privateMessages.conversationId), desc(privateMessages.seq));
      return new Map(rows.map((r) => [r.conversationId, r]));
    },

    async message(conversationId: string, messageId: string): Promise<PrivateMessageRow | null> {
      const [row] = await db
        .select()
        .from(privateMessages)
        .where(and(eq(privateMessages.conversationId, conversationId), eq(privateMessages.id, messageId)));
      return row ?? null;
    },

    /** Up to `size + 1` messages before `beforeSeq` (all when null), newest first. */
    messages: (conversationId: string, beforeSeq: number | null, size: number): Promise<PrivateMessageRow[]> =>
      db
        .select()
        .from(privateMessages)
        .where(
          and(
            eq(privateMessages.conversationId, conversationId),
            beforeSeq === null ? undefined : lt(privateMessages.seq, beforeSeq),
          ),
        )
        .orderBy(desc(privateMessages.seq))
        .limit(size + 1),

    /** Moves my marker to `message` when it is later than where it is; answers the row after (moved or not). */
    async read(
      accountId: string,
      message: PrivateMessageRow,
    ): Promise<{ member: ConversationMemberRow; moved: boolean }> {
      return db.transaction(async (tx) => {
        // Under the sends' lock: the count below sees every message sent before.
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(eq(conversations.id, message.conversationId))
          .for('update');
        const unread = and(
          eq(privateMessages.conversationId, message.conversationId),
          gt(privateMessages.seq, message.seq),
          or(sql`${privateMessages.authorId} IS NULL`, ne(privateMessages.authorId, accountId)),
        );
        const mine = and(
          eq(conversationMembers.accountId, accountId),
          eq(conversationMembers.conversationId, message.conversationId),
        );
        const [moved] = await tx
          .update(conversationMembers)
          .set({
            readSeq: message.seq,
            readMessageId: message.id,
            unreadCount: sql`(SELECT count(*)::int FROM ${privateMessages} WHERE ${unread})`,
            unreadSince: sql`(SELECT min(${privateMessages.sentAt}) FROM ${privateMessages} WHERE ${unread})`,
          })
          .where(and(mine, lt(conversationMembers.readSeq, message.seq)))
          .returning();
        if (moved) return { member: moved, moved: true };
        const [member] = await tx.select().from(conversationMembers).where(mine);
        if (!member) throw new Error('not a member');
        return { member, moved: false };
      });
    },

    /** The two members' conversation, if any (for a block's announcements). */
    async memberIds(conversationId: string): Promise<string[]> {
      const rows = await db
        .select({ id: conversationMembers.accountId })
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, conversationId), isNotNull(conversationMembers.accountId)));
      return rows.map((r) => r.id);
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
