import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNREAD_EMAIL_DELAY_MS, UNREAD_EMAIL_WINDOW_MS } from '@tutti/contract/messages';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { deepLinkUrl } from '../../platform/deep-link.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { accounts } from '../../platform/schema.ts';
import { asLocale } from '../accounts/accounts.policy.ts';
import { displayedName } from '../community/community.presenter.ts';
import { unreadEmail } from './messages.mail.ts';
import { conversationMembers } from './messages.schema.ts';

/** Conversations emailed about per run and instance; the rest wait for the next run. */
const BATCH = 100;
export const MESSAGE_EMAILS_JOB = 'message-emails';
export const OPT_OUT_PATH = '/api/mail/message-emails/opt-out';

/**
 * The opt-out link of the unread-message email: signed for one account (it turns one setting off and nothing else, so
 * it does not expire), checked without signing in.
 */
export function createOptOutLinks(key: string | Buffer, publicUrl: string) {
  const sign = (accountId: string) =>
    createHmac('sha256', key).update(`message-emails-opt-out:${accountId}`).digest('base64url');
  return {
    url: (accountId: string) => `${publicUrl}${OPT_OUT_PATH}?a=${accountId}&s=${sign(accountId)}`,
    /** The account the link names, or null for a forged one. */
    verify(query: { a?: unknown; s?: unknown }): string | null {
      if (typeof query.a !== 'string' || typeof query.s !== 'string' || !/^[0-9a-f-]{36}$/.test(query.a)) return null;
      const expected = Buffer.from(sign(query.a));
      const given = Buffer.from(query.s);
      return given.length === expected.length && timingSafeEqual(given, expected) ? query.a : null;
    },
  };
}
export type OptOutLinks = ReturnType<typeof createOptOutLinks>;

export interface MessageEmailsDeps {
  db: Db;
  mailer: Mailer;
  cache: SessionCache;
  links: OptOutLinks;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
  now: () => Date;
}

/**
 * The unread-message email (issue 13, point 5): a member whose conversation holds messages unread for
 * UNREAD_EMAIL_DELAY_MS gets one, at most once per conversation in UNREAD_EMAIL_WINDOW_MS, while messageEmails is
 * on and the conversation is not blocked. Rows are claimed (FOR UPDATE SKIP LOCKED, stamped in the same transaction)
 * so several instances never email the same one twice.
 */
export function createMessageEmails(deps: MessageEmailsDeps) {
  const { db } = deps;
  return {
    async run(): Promise<number> {
      const at = deps.now();
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({
            conversationId: conversationMembers.conversationId,
            accountId: conversationMembers.accountId,
            otherId: conversationMembers.otherId,
            unread: conversationMembers.unreadCount,
          })
          .from(conversationMembers)
          .innerJoin(accounts, eq(accounts.id, conversationMembers.accountId))
          .where(
            and(
              isNotNull(conversationMembers.unreadSince),
              lte(conversationMembers.unreadSince, new Date(at.getTime() - UNREAD_EMAIL_DELAY_MS)),
              gt(conversationMembers.unreadCount, 0),
              or(
                isNull(conversationMembers.lastEmailedAt),
                lte(conversationMembers.lastEmailedAt, new Date(at.getTime() - UNREAD_EMAIL_WINDOW_MS)),
              ),
              eq(accounts.messageEmails, true),
              // An account being deleted is told nothing more.
              isNull(accounts.deletionRequestedAt),
              sql`NOT EXISTS (SELECT 1 FROM blocks b
                WHERE (b.blocker_id = ${conversationMembers.accountId} AND b.blocked_id = ${conversationMembers.otherId})
                OR (b.blocker_id = ${conversationMembers.otherId} AND b.blocked_id = ${conversationMembers.accountId}))`,
            ),
          )
          .limit(BATCH)
          .for('update', { of: conversationMembers, skipLocked: true });
        for (const d of due) {
          await tx
            .update(conversationMembers)
            .set({ lastEmailedAt: at })
            .where(
              and(
                eq(conversationMembers.conversationId, d.conversationId),
                eq(conversationMembers.accountId, d.accountId),
              ),
            );
        }
        return due;
      });
      for (const d of claimed) {
        try {
          const [to] = await db.select().from(accounts).where(eq(accounts.id, d.accountId));
          if (!to) continue;
          const [from] = d.otherId === null ? [] : await db.select().from(accounts).where(eq(accounts.id, d.otherId));
          // Through /deeplink: the conversation opens after sign-in on a browser signed out.
          const link = deepLinkUrl(deps.publicUrl, `/messages/${d.conversationId}`);
          const content = unreadEmail(asLocale(to.locale), {
            username: displayedName(to),
            from: from ? displayedName(from) : null,
            unread: d.unread,
            link,
            optOut: deps.links.url(to.id),
          });
          await deps.mailer.send({ to: to.email, ...content, link });
        } catch (err) {
          deps.log.warn({ err, conversation: d.conversationId }, 'messages: unread email not sent');
        }
      }
      return claimed.length;
    },

    /** Turns the account's message emails off; false for an account that no longer exists. */
    async optOut(accountId: string): Promise<boolean> {
      const rows = await db
        .update(accounts)
        .set({ messageEmails: false })
        .where(eq(accounts.id, accountId))
        .returning({ id: accounts.id });
      deps.cache.forgetAccount(accountId);
      return rows.length > 0;
    },

    async localeOf(accountId: string) {
      const [row] = await db.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.id, accountId));
      return row ? asLocale(row.locale) : null;
    },
  };
}

export type MessageEmails = ReturnType<typeof createMessageEmails>;
