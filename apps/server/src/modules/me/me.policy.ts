import { ageOn, MIN_SOCIAL_AGE } from '@tutti/contract/common';

/** Social features need a known birthdate and an age of at least 13 on that day. */
export function isEligibleToSocial(birthdate: string | null, today: Date): boolean {
  return birthdate !== null && ageOn(birthdate, today) >= MIN_SOCIAL_AGE;
}

/** Online means pinged within this window (the web pings more often than that while open). */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;
