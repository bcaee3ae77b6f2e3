import type { Locale } from '@tutti/contract/common';
import { dateTimeFormat, INTL_LOCALE } from '../../../lib/format';
import { dayKey } from './day-groups';

/** "14:05": a message's time, in the reader's locale and zone. */
export function messageTime(value: string, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { timeStyle: 'short' }).format(new Date(value));
}

/** A day's heading: "Tuesday 24 November" (the year when it is not this one). */
export function dayHeading(date: Date, locale: Locale, now: Date): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
  if (date.getFullYear() !== now.getFullYear()) options.year = 'numeric';
  return dateTimeFormat(INTL_LOCALE[locale], options).format(date);
}

/** The list's time: today's hour, this week's day, or the date. */
export function listTime(value: string, locale: Locale, now: Date): string {
  const date = new Date(value);
  if (dayKey(date) === dayKey(now)) return messageTime(value, locale);
  const age = now.getTime() - date.getTime();
  if (age >= 0 && age < 6 * 86_400_000) {
    return dateTimeFormat(INTL_LOCALE[locale], { weekday: 'short' }).format(date);
  }
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
  if (date.getFullYear() !== now.getFullYear()) options.year = 'numeric';
  return dateTimeFormat(INTL_LOCALE[locale], options).format(date);
}
