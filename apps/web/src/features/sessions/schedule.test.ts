import { describe, expect, it } from 'vitest';
import { formatOpens, formatTime, localDateTimeToIso, toLocalInputs } from './schedule';

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

describe('formatOpens and formatTime', () => {
  // Tuesday 1 December 2026, 10:00 local time.
  const now = new Date(2026, 11, 1, 10, 0);

  it('names the weekday and time of a start within the week, in the reader language', () => {
    const thursday = new Date(2026, 11, 3, 19, 30).toISOString();
    expect(formatOpens(thursday, 'en', now)).toBe('Thursday 19:30');
    expect(formatOpens(thursday, 'fr', now)).toBe('jeudi 19:30');
  });

  it('gives the full date of a start further ahead', () => {
    const later = new Date(2026, 11, 24, 19, 30).toISOString();
    expect(formatOpens(later, 'en', now)).toBe('Thu, 24 Dec 2026, 19:30');
    expect(formatOpens(later, 'fr', now)).toMatch(/^jeu\. 24 déc\. 2026.*19:30$/);
  });

  it('shows only the time of a moment today, with the day otherwise', () => {
    expect(formatTime(new Date(2026, 11, 1, 21, 4).toISOString(), 'en', now)).toBe('21:04');
    expect(formatTime(new Date(2026, 11, 2, 0, 10).toISOString(), 'en', now)).toBe('Wed 2 Dec, 00:10');
  });
});
