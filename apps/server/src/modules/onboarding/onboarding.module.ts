import type { OnboardingChecklist } from '@tutti/contract/onboarding';
import { and, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { accountInstruments } from '../community/community.schema.ts';
import { selfchecks } from '../sessions/sessions.schema.ts';

/**
 * The onboarding checklist (docs/decisions/0039-onboarding-checklist.md). Each step is read from what the server saw
 * the musician do, in one query, never from a tick:
 * - audio client: an audio client signed in to the broker with the account's token (accounts.audio_client_seen_at);
 * - self-check: an echo self-check was started and then closed (selfchecks.closed_at);
 * - profile: a country and at least one instrument, what "musicians around you" and the search need.
 * Skipping is stored on the account, so that every device knows it.
 */
export function createOnboardingService({ db, now }: { db: Db; now: () => Date }) {
  const checklist = async (accountId: string): Promise<OnboardingChecklist> => {
    const [row] = await db
      .select({
        audioClient: sql<boolean>`${accounts.audioClientSeenAt} is not null`,
        selfcheck: exists(
          db
            .select({ one: sql`1` })
            .from(selfchecks)
            .where(and(eq(selfchecks.accountId, accounts.id), isNotNull(selfchecks.closedAt))),
        ).mapWith(Boolean),
        profile: sql<boolean>`${accounts.countryCode} is not null and ${exists(
          db
            .select({ one: sql`1` })
            .from(accountInstruments)
            .where(eq(accountInstruments.accountId, accounts.id)),
        )}`.mapWith(Boolean),
        skippedAt: accounts.onboardingSkippedAt,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!row) throw notFound('No such account');
    const audioClient = Boolean(row.audioClient);
    return {
      audioClient,
      selfcheck: row.selfcheck,
      profile: row.profile,
      complete: audioClient && row.selfcheck && row.profile,
      skippedAt: row.skippedAt?.toISOString() ?? null,
    };
  };

  return {
    checklist,
    async skip(accountId: string): Promise<OnboardingChecklist> {
      // The first skip is the one remembered.
      await db
        .update(accounts)
        .set({
          onboardingSkippedAt: sql`coalesce(${accounts.onboardingSkippedAt}, ${now().toISOString()}::timestamptz)`,
        })
        .where(eq(accounts.id, accountId));
      return checklist(accountId);
    },
  };
}

export function registerOnboarding(endpoint: Endpoint, deps: { db: Db; now: () => Date }): void {
  const onboarding = createOnboardingService(deps);
  endpoint('onboardingChecklist', ({ auth }) => onboarding.checklist(auth.accountId));
  endpoint('skipOnboarding', ({ auth }) => onboarding.skip(auth.accountId));
}
