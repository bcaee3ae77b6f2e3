import { MIN_SOCIAL_AGE } from '@tutti/contract/common';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/schema.ts';

/**
 * The one "visible to me" scope every community read goes through (ARCHITECTURE, "Domains to come"): an account a
 * musician may see is validated, of the social age (a known birthdate, 13 or more today), and not blocked either way.
 * Accounts being deleted are hidden, erased ones gone from the table. A private profile is visible (names, avatar, verified flag); what it
 * shows beyond that is the presenter's business (`restricted`).
 */

/** The latest birthdate of someone MIN_SOCIAL_AGE or older on `today` (YYYY-MM-DD), the same rule as ageOn(). */
export function socialAgeCutoff(today: Date): string {
  const y = today.getUTCFullYear() - MIN_SOCIAL_AGE;
  const m = String(today.getUTCMonth() + 1).padStart(2, '0');
  const d = String(today.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Validated, not being deleted (docs/privacy.md), and of the social age: could appear in anyone's community. */
export const socialAccount = (cutoff: string): SQL =>
  sql`(${accounts.validatedAt} IS NOT NULL AND ${accounts.deletionRequestedAt} IS NULL AND ${accounts.birthdate} IS NOT NULL AND ${accounts.birthdate} <= ${cutoff})`;

/** The account in `other` (the accounts row by default; a session's organizer, say) neither blocked `viewerId` nor
 *  was blocked by them. */
export const notBlockedWith = (viewerId: string, other: AnyPgColumn = accounts.id): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${other})
    OR (b.blocker_id = ${other} AND b.blocked_id = ${viewerId}))`;

/** What `viewerId` may see of the accounts table, themselves included. */
export const visibleTo = (viewerId: string, cutoff: string): SQL =>
  sql`(${socialAccount(cutoff)} AND ${notBlockedWith(viewerId)})`;

/** `viewerId` follows the account of the row. */
export const followedBy = (viewerId: string): SQL =>
  sql`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followed_id = ${accounts.id})`;
