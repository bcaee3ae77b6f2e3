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
  return new Intl.DateTimeFormat(intl, {
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
  return new Intl.DateTimeFormat(intlLocale(locale), {
    ...(sameDay ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** When a scheduled session opens, as its Join button says: "Thursday 19:30" within the coming week (the reader
 *  knows which Thursday), otherwise "Thu, 3 Dec 2026, 19:30"; in the reader's language and time zone. */
export function formatOpens(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const withinWeek = at.getTime() - now.getTime() < 6 * 86_400_000;
  return new Intl.DateTimeFormat(
    intlLocale(locale),
    withinWeek
      ? { weekday: 'long', hour: '2-digit', minute: '2-digit' }
      : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  ).format(at);
}
