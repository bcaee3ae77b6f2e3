import type { Locale } from '@tutti/contract/common';
import { dateTimeFormat } from '../format';

// BCP 47 tags, as lib/format.ts uses them: 'en' alone would follow the runtime's default region.
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR' };

/** Whole seconds since the client started recording, never below 0 nor past the recording's own limit. */
export function elapsedSeconds(startedAt: string, maxSeconds: number, now: number): number {
  const started = Date.parse(startedAt);
  if (Number.isNaN(started)) return 0;
  return Math.min(maxSeconds, Math.max(0, Math.floor((now - started) / 1000)));
}

/** "00:07", "03:12", "10:00": a running recording's clock, minutes and seconds. */
export function formatClock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

// The machine names audio clients give their files, in UTC: the native client's `rec-20261124-183000Z.wav`, the
// emulator's `take-2026-11-24T18-30-00-000Z.wav` (an ISO time with its colons and dot made dashes).
const NATIVE_NAME = /^rec-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z/i;
const EMULATOR_NAME = /^take-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-\d{3})?Z/i;

/** The moment a machine-named recording started, read from its file name; null for any other name. */
export function parseRecordingFileName(name: string): Date | null {
  const match = NATIVE_NAME.exec(name) ?? EMULATOR_NAME.exec(name);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 31 February over to March: such a name was not written by a clock.
  return at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? at : null;
}

/** When a recording was made: the date the client gives (`createdAt`, `startedAt`), else its file name's; or null. */
export function recordingMoment(name: string, date?: string): Date | null {
  const given = date ? new Date(date) : null;
  return given && !Number.isNaN(given.getTime()) ? given : parseRecordingFileName(name);
}

/**
 * A recording's human name, in the reader's language and time zone (`timeZone` is for tests: the browser's by
 * default): "Tuesday 24 November at 19:30" / "mardi 24 novembre à 19:30", with the year when not this one.
 */
export function formatRecordingName(at: Date, locale: Locale, now: Date = new Date(), timeZone?: string): string {
  const year = (d: Date) => dateTimeFormat('en', { year: 'numeric', timeZone }).format(d);
  return dateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(year(at) === year(now) ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

/** What to call a recording on screen: its human name when its moment is known, else its file name. */
export function recordingTitle(name: string, date: string | undefined, locale: Locale): string {
  const at = recordingMoment(name, date);
  return at ? formatRecordingName(at, locale) : name;
}
