import type { AdminAccount } from '@tutti/contract/account-admin';
import { MIN_SOCIAL_AGE } from 'virtual:tutti-contract';

/**
 * Whether other musicians can open this account's profile, as the server's one visibility scope decides
 * (community.visibility.ts): validated, of the social age, not being deleted. Otherwise a link to it would land on the
 * not-found page.
 */
export function hasPublicProfile(
  account: Pick<AdminAccount, 'validatedAt' | 'birthdate' | 'erasesAt'>,
  today = new Date(),
): boolean {
  if (!account.validatedAt || !account.birthdate || account.erasesAt) return false;
  const cutoff = `${today.getUTCFullYear() - MIN_SOCIAL_AGE}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
  return account.birthdate <= cutoff;
}
