import type { Locale } from '@tutti/contract/common';

// BCP 47 tags used for formatting: 'en' would otherwise follow the runtime's default region.
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR' };

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

// Building an Intl formatter is far dearer than using one (the hall formats a time per session card and post, on
// every render): each locale and option set is built once.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  kind: string,
  locale: string,
  options: object,
  build: () => F,
): F {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions) =>
  cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));

/** "21 November 2025" / "21 novembre 2025". */
export function formatDate(value: string | Date, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long' }).format(toDate(value));
}

/** "21 Nov 2025, 14:05" / "21 nov. 2025, 14:05". */
export function formatDateTime(value: string | Date, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value));
}

/** A calendar date (YYYY-MM-DD) has no time zone: format it as written, whatever the browser's zone. */
export function formatCalendarDate(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** "2 minutes ago" / "il y a 2 minutes", for recent moments; older ones get the full date. */
export function formatRelative(value: string | Date, locale: Locale, now: number = Date.now()): string {
  const diffSeconds = Math.round((toDate(value).getTime() - now) / 1000);
  const abs = Math.abs(diffSeconds);
  const rtf = relativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' });
  if (abs < 60) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(diffSeconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(diffSeconds / 3600), 'hour');
  if (abs < 7 * 86_400) return rtf.format(Math.round(diffSeconds / 86_400), 'day');
  return formatDateTime(value, locale);
}

/** "14:05:32" in both languages: a moment of today, to the second (logs). */
export function formatTime(value: string | Date, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { timeStyle: 'medium' }).format(toDate(value));
}

/** Sub-millisecond round trips (a nearby room) keep one decimal; the rest are whole milliseconds. */
export function formatMs(ms: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: ms < 10 ? 1 : 0 }).format(ms);
}

/** "0.25" / "0,25": a measure with at most `maximumFractionDigits` decimals; `signed` writes "+3" (a boost). */
export function formatDecimal(value: number, locale: Locale, maximumFractionDigits: number, signed = false): string {
  return numberFormat(INTL_LOCALE[locale], {
    maximumFractionDigits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
}

/** "€9.99" / "9,99 €": an amount of integer cents of EUR (SPEC section 9: the currency is EUR), in the reader's
 *  language. */
export function formatPrice(cents: number, locale: Locale, currency = 'EUR'): string {
  return numberFormat(INTL_LOCALE[locale], { style: 'currency', currency }).format(cents / 100);
}
