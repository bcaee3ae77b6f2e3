import type { PresenceRepository } from './presence.repository.ts';

/** First instant of the calendar month (UTC) that `now` is in: the free minutes start again then. */
export const monthStartUtc = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Only whole minutes played count: a join a few seconds ago leaves the allowance untouched. */
export const remainingOf = (allowanceMinutes: number, usedSeconds: number): number =>
  Math.max(0, allowanceMinutes - Math.floor(usedSeconds / 60));

/**
 * The free open-rehearsal minutes of accounts without an active subscription. Test rehearsals never count, nor do
 * minutes played while subscribed (docs/decisions/0030): the allowance counts from the later of the month's start and
 * the end of the account's last subscription period, so a subscription ending mid-month leaves the whole allowance.
 */
export function createMinutes(deps: { repo: PresenceRepository; allowance: number; now: () => Date }) {
  const { repo, allowance, now } = deps;
  return {
    /** Minutes left this month; null when subscribed (no limit). */
    async remainingFor(accountId: string): Promise<number | null> {
      const at = now();
      if (await repo.isSubscribed(accountId, at)) return null;
      const monthStart = monthStartUtc(at);
      const subscribedUntil = await repo.lastSubscriptionEnd(accountId, at);
      const since = subscribedUntil && subscribedUntil > monthStart ? subscribedUntil : monthStart;
      return remainingOf(allowance, await repo.openSecondsSince(accountId, since));
    },
  };
}

export type Minutes = ReturnType<typeof createMinutes>;
