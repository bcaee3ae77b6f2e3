import { describe, expect, it } from 'vitest';
import type { Locale } from '@tutti/contract/common';
import { i18n, initI18n } from '../../lib/i18n';
import { formatOpens, formatTime, localDateTimeToIso, toLocalInputs } from './schedule';
import { SESSIONS_NS } from './translations';

describe('localDateTimeToIso', () => {
  it('reads the inputs in the browser time zone and answers in UTC', () => {
    const iso = localDateTimeToIso('2031-03-04', '19:30');
    expect(iso).toBe(new Date(2031, 2, 4, 19, 30).toISOString());
    expect(toLocalInputs(new Date(iso!))).toEqual({ date: '2031-03-04', time: '19:30' });
  });

  it('refuses missing or impossible values', () => {
    expect(localDateTimeToIso('', '19:30')).toBeNull();
    expect(localDateTimeToIso('2031-02-31', '10:00')).toBeNull();
    expect(localDateTimeToIso('2031-02-03', '')).toBeNull();
  });
});

describe('formatOpens', () => {
  // Tuesday 1 December 2026, 10:00 in Paris; every date is read in Paris whatever the machine's zone.
  const now = new Date('2026-12-01T09:00:00Z');
  const zone = 'Europe/Paris';
  initI18n('en');
  const opens = (iso: string, locale: Locale, timeZone = zone) =>
    formatOpens(i18n.getFixedT(locale, SESSIONS_NS), iso, locale, now, timeZone);

  it('says today and tomorrow with the time, in the reader language', () => {
    expect(opens('2026-12-01T18:30:00Z', 'en')).toBe('Opens today at 19:30');
    expect(opens('2026-12-01T18:30:00Z', 'fr')).toBe('Ouvre aujourd’hui à 19:30');
    expect(opens('2026-12-02T18:30:00Z', 'en')).toBe('Opens tomorrow at 19:30');
    expect(opens('2026-12-02T18:30:00Z', 'fr')).toBe('Ouvre demain à 19:30');
  });

  it('counts the days in the reader time zone, not in UTC', () => {
    // 23:30 UTC is already 00:30 the next day in Paris, and still 18:30 the same day in New York.
    expect(opens('2026-12-01T23:30:00Z', 'en')).toBe('Opens tomorrow at 00:30');
    expect(opens('2026-12-01T23:30:00Z', 'en', 'America/New_York')).toBe('Opens today at 18:30');
  });

  it('names the weekday of a start within the week', () => {
    expect(opens('2026-12-03T18:30:00Z', 'en')).toBe('Opens Thursday 19:30');
    expect(opens('2026-12-03T18:30:00Z', 'fr')).toBe('Ouvre jeudi à 19:30');
    expect(opens('2026-12-07T18:30:00Z', 'en')).toBe('Opens Monday 19:30');
  });

  it('gives the date of a start a week or more ahead, with the year when not this one', () => {
    // Next Tuesday is not "Tuesday": that would read as today.
    expect(opens('2026-12-08T18:30:00Z', 'en')).toBe('Opens Tue 8 Dec at 19:30');
    expect(opens('2026-12-24T18:30:00Z', 'en')).toBe('Opens Thu 24 Dec at 19:30');
    expect(opens('2026-12-24T18:30:00Z', 'fr')).toBe('Ouvre le jeu. 24 déc. à 19:30');
    expect(opens('2027-01-08T18:30:00Z', 'en')).toBe('Opens Fri, 8 Jan 2027 at 19:30');
    expect(opens('2027-01-08T18:30:00Z', 'fr')).toBe('Ouvre le ven. 8 janv. 2027 à 19:30');
  });

  it('gives the date of a start already past (a session not started on time)', () => {
    expect(opens('2026-11-30T18:30:00Z', 'en')).toBe('Opens Mon 30 Nov at 19:30');
  });
});

describe('formatTime', () => {
  // Tuesday 1 December 2026, 10:00 local time.
  const now = new Date(2026, 11, 1, 10, 0);

  it('shows only the time of a moment today, with the day otherwise', () => {
    expect(formatTime(new Date(2026, 11, 1, 21, 4).toISOString(), 'en', now)).toBe('21:04');
    expect(formatTime(new Date(2026, 11, 2, 0, 10).toISOString(), 'en', now)).toBe('Wed 2 Dec, 00:10');
  });
});
