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
