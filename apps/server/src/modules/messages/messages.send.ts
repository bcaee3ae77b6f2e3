import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { PrivateMessageRow } from './messages.schema.ts';

/**
 * The send path in two statements inside one transaction (issue 13: send to delivery). The first takes the
 * conversation's lock and answers, in the same round trip, everything the rules need: membership, the other member
 * (validated, birthdate), and a block either way. The second, read under that lock, finds a retry's message or
 * stores the new one, moves both member rows, and counts each member's unread conversations for the bus events.
 * The lock keeps the guarantees of the one-statement-per-step version: sends in a conversation are serialized (seq
 * and sent time follow commit order), a retry (same author and clientMessageId) finds the first message, and the
 * counters are exact.
 */

/** What the first statement tells of the sender's conversation (nothing when they are not a member). */
export interface SendCheck {
  otherId: string | null;
  /** Validated and not being deleted: may receive messages. */
  otherValidated: boolean;
  otherBirthdate: string | null;
  blocked: boolean;
}

export type SendOutcome =
  | { kind: 'notMember' }
  | { kind: 'closed' }
  | {
      kind: 'stored';
      message: PrivateMessageRow;
      created: boolean;
      /** The other member (null once deleted). */
      otherId: string | null;
      /** Unread conversations (those the list shows) of the author and of the other member, after the send. */
      authorUnread: number;
      otherUnread: number;
    };

interface StoredRow {
  id: string;
  seq: number;
  conversation_id: string;
  author_id: string | null;
  contents: string;
  client_message_id: string;
  sent_ms: number;
  created: boolean;
  author_unread: number;
  other_unread: number;
}

// Both drivers (PGlite and node-postgres) answer raw queries with `rows`; numbers come back as float8/int4 and times
// as epoch milliseconds so that neither driver's own parsing of int8, date or timestamptz is involved.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Listed member rows holding unread messages, `conversationId` left out (its row is counted by the caller). */
const unreadElsewhere = (accountId: string, conversationId: string) => sql`(
  SELECT count(*)::int FROM conversation_members u
  WHERE u.account_id = ${accountId}::uuid AND u.conversation_id <> ${conversationId}::uuid AND u.unread_count > 0
    AND NOT EXISTS (SELECT 1 FROM blocks b
      WHERE (b.blocker_id = ${accountId}::uuid AND b.blocked_id = u.other_id)
         OR (b.blocker_id = u.other_id AND b.blocked_id = ${accountId}::uuid)))`;

const messageColumns = sql.raw(
  'id, seq::float8 AS seq, conversation_id, author_id, contents, client_message_id, ' +
    '(extract(epoch FROM sent_at) * 1000)::float8 AS sent_ms',
);

/**
 * Sends `contents` as `authorId` in `conversationId`. `mayWrite` decides, from the first statement's answer, whether
 * a new message may be stored (the other member still there, social, not blocked either way); a retry of a stored
 * message is answered whatever it says. `now` is read under the lock: sent times follow the order too.
 */
export async function sendMessage(
  db: Db,
  input: { conversationId: string; authorId: string; contents: string; clientMessageId: string },
  mayWrite: (check: SendCheck) => boolean,
  now: () => Date,
): Promise<SendOutcome> {
  const { conversationId: c, authorId: a, contents, clientMessageId } = input;
  return db.transaction(async (tx) => {
    const [check] = rowsOf<SendCheck>(
      await tx.execute(sql`
        SELECT me.other_id AS "otherId",
          (o.validated_at IS NOT NULL AND o.deletion_requested_at IS NULL) AS "otherValidated",
          o.birthdate::text AS "otherBirthdate",
          EXISTS (SELECT 1 FROM blocks b
            WHERE (b.blocker_id = ${a}::uuid AND b.blocked_id = me.other_id)
               OR (b.blocker_id = me.other_id AND b.blocked_id = ${a}::uuid)) AS "blocked"
        FROM conversations c
        JOIN conversation_members me ON me.conversation_id = c.id AND me.account_id = ${a}::uuid
        LEFT JOIN accounts o ON o.id = me.other_id
        WHERE c.id = ${c}::uuid
        FOR UPDATE OF c`),
    );
    if (!check) return { kind: 'notMember' } as const;
    const writable = mayWrite(check);
    const at = now().toISOString();
    // Data-modifying CTEs share one snapshot (taken under the lock): the main query does not see their writes, so
    // the other member's count adds this conversation itself (its row now holds at least one unread message), and
    // the author's leaves it out (their row is back to none).
    const [row] = rowsOf<StoredRow>(
      await tx.execute(sql`
        WITH existing AS (
          SELECT ${messageColumns} FROM private_messages
          WHERE conversation_id = ${c}::uuid AND author_id = ${a}::uuid AND client_message_id = ${clientMessageId}::uuid
        ), ins AS (
          INSERT INTO private_messages (conversation_id, author_id, contents, client_message_id, sent_at)
          SELECT ${c}::uuid, ${a}::uuid, ${contents}::text, ${clientMessageId}::uuid, ${at}::timestamptz
          WHERE ${writable}::boolean AND NOT EXISTS (SELECT 1 FROM existing)
          RETURNING ${messageColumns}
        ), mine AS (
          UPDATE conversation_members m
          SET read_seq = ins.seq, read_message_id = ins.id, unread_count = 0, unread_since = NULL,
            updated_at = ${at}::timestamptz
          FROM ins WHERE m.conversation_id = ${c}::uuid AND m.account_id = ${a}::uuid
          RETURNING m.account_id
        ), theirs AS (
          UPDATE conversation_members m
          SET unread_count = m.unread_count + 1, unread_since = coalesce(m.unread_since, ${at}::timestamptz),
            updated_at = ${at}::timestamptz
          FROM ins WHERE m.conversation_id = ${c}::uuid AND m.account_id <> ${a}::uuid
          RETURNING m.account_id
        )
        SELECT ins.*, true AS created, ${unreadElsewhere(a, c)} AS author_unread,
          ${check.otherId === null ? sql`0` : unreadElsewhere(check.otherId, c)} + (SELECT count(*)::int FROM theirs)
            AS other_unread
        FROM ins
        UNION ALL
        SELECT existing.*, false, 0, 0 FROM existing`),
    );
    if (!row) return { kind: 'closed' } as const;
    return {
      kind: 'stored',
      message: {
        id: row.id,
        seq: row.seq,
        conversationId: row.conversation_id,
        authorId: row.author_id,
        contents: row.contents,
        clientMessageId: row.client_message_id,
        sentAt: new Date(row.sent_ms),
      },
      created: row.created,
      otherId: check.otherId,
      authorUnread: row.author_unread,
      otherUnread: row.other_unread,
    } as const;
  });
}
