import type { CurrentUser } from '@tutti/contract/accounts';
import type { AccountRow } from '../../platform/schema.ts';
import { asLocale } from '../accounts/accounts.policy.ts';
import { isEligibleToSocial } from './me.policy.ts';

export function presentCurrentUser(
  account: AccountRow,
  privileges: string[],
  today: Date,
  pictureUrl: (key: string) => string,
): CurrentUser {
  return {
    id: account.id,
    email: account.email,
    username: account.username,
    displayedUsername: account.displayedUsername?.trim() || account.username,
    // Null: the web shows the default avatar.
    profilePicture: account.profilePicture ? pictureUrl(account.profilePicture) : null,
    locale: asLocale(account.locale),
    privileges,
    nalsToken: account.nalsToken,
    audioClientSeen: account.audioClientSeenAt !== null,
    eligibleToSocial: isEligibleToSocial(account.birthdate, today),
    birthdate: account.birthdate,
    newsOptIn: account.newsOptIn,
    messageEmails: account.messageEmails,
    publicProfile: account.publicProfile,
    createdAt: account.createdAt.toISOString(),
  };
}
