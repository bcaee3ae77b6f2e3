import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../lib/format';

/** The browser's IANA time zone: the scheduled time is read in it, and the server learns where the organizer is. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A date (YYYY-MM-DD) and a time (HH:MM) from the form's inputs, read in the browser's time zone, as an ISO UTC
 * instant; null when either is missing or not a real moment.
 */
export function localDateTimeToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const local = new Date(y, m - 1, d, hh, mm, 0, 0);
  // new Date rolls 31 February over to March: such a date was never typed by anyone.
  if (Number.isNaN(local.getTime()) || local.getMonth() !== m - 1 || local.getDate() !== d) return null;
  return local.toISOString();
}

/** Values for the date and time inputs, in the browser's zone. */
export function toLocalInputs(at: Date): { date: string; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** "Tue 2 Dec 2025, 19:30 CET": a start time in the reader's locale and time zone. */
export function formatStart(iso: string, locale: string): string {
  const intl = locale === 'fr' ? 'fr-FR' : 'en-GB';
  return dateTimeFormat(intl, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

const intlLocale = (locale: string) => (locale === 'fr' ? 'fr-FR' : 'en-GB');

/** "21:04", or "Tue 2 Dec, 21:04" when not today: a time of the current session (its end, its grace period). */
export function formatTime(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return dateTimeFormat(intlLocale(locale), {
    ...(sameDay ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** The calendar day of a moment in a time zone (the browser's when none is given), as days since 1970-01-01. */
function calendarDay(at: Date, timeZone?: string): number {
  const parts = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(at)
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1) / 86_400_000;
}

/** The sentence of a scheduled session's Join button: which key of `common`, with what. */
export type OpensText =
  | { key: 'opensToday' | 'opensTomorrow'; time: string }
  | { key: 'opensOn'; weekday: string; time: string }
  | { key: 'opensAt'; date: string; time: string };

/**
 * When a scheduled session opens, as its Join button says it: "today at 19:30", "tomorrow at 19:30", "Thursday 19:30"
 * within the coming week (the reader knows which Thursday), otherwise the date ("Thu 24 Dec", with the year when
 * not this one); in the reader's language and time zone (`timeZone` is for tests: the browser's by default).
 */
export function opensText(iso: string, locale: string, now: Date = new Date(), timeZone?: string): OpensText {
  const at = new Date(iso);
  const intl = intlLocale(locale);
  const time = dateTimeFormat(intl, { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  const days = calendarDay(at, timeZone) - calendarDay(now, timeZone);
  if (days === 0) return { key: 'opensToday', time };
  if (days === 1) return { key: 'opensTomorrow', time };
  if (days > 1 && days < 7) {
    return { key: 'opensOn', weekday: dateTimeFormat(intl, { weekday: 'long', timeZone }).format(at), time };
  }
  const sameYear =
    dateTimeFormat('en', { year: 'numeric', timeZone }).format(at) ===
    dateTimeFormat('en', { year: 'numeric', timeZone }).format(now);
  const date = dateTimeFormat(intl, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone,
  }).format(at);
  return { key: 'opensAt', date, time };
}

/** The Join button's text of a scheduled session: "Opens today at 19:30", "Ouvre demain à 19:30", … */
export function formatOpens(
  t: TFunction<'sessions'>,
  iso: string,
  locale: string,
  now: Date = new Date(),
  timeZone?: string,
): string {
  const { key, ...values } = opensText(iso, locale, now, timeZone);
  return t(`common.${key}`, values);
}
