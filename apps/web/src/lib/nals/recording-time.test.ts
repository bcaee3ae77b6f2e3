import { describe, expect, it } from 'vitest';
import {
  elapsedSeconds,
  formatClock,
  formatRecordingName,
  parseRecordingFileName,
  recordingMoment,
} from './recording-time';

describe('recording clock', () => {
  it('counts the elapsed seconds within 0 and the limit', () => {
    const start = '2025-01-01T10:00:00.000Z';
    const at = Date.parse(start);
    expect(elapsedSeconds(start, 600, at + 5_400)).toBe(5);
    expect(elapsedSeconds(start, 600, at - 2_000)).toBe(0);
    expect(elapsedSeconds(start, 600, at + 700_000)).toBe(600);
    expect(elapsedSeconds('not a date', 600, at)).toBe(0);
  });

  it('shows minutes and seconds, both on two digits', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(7.9)).toBe('00:07');
    expect(formatClock(192)).toBe('03:12');
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(-3)).toBe('00:00');
  });
});

describe('recording names', () => {
  it('reads the moment of the machine names, in UTC', () => {
    expect(parseRecordingFileName('rec-20261124-183000Z.wav')?.toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(parseRecordingFileName('take-2026-11-24T18-30-05-123Z.wav')?.toISOString()).toBe('2026-11-24T18:30:05.000Z');
    expect(parseRecordingFileName('my song.wav')).toBeNull();
    expect(parseRecordingFileName('rec-20260231-183000Z.wav')).toBeNull();
    expect(parseRecordingFileName('rec-20261124-253000Z.wav')).toBeNull();
  });

  it('prefers the date the client gives, then the file name', () => {
    expect(recordingMoment('rec-20261124-183000Z.wav', '2026-11-24T18:31:00.000Z')?.toISOString()).toBe(
      '2026-11-24T18:31:00.000Z',
    );
    expect(recordingMoment('rec-20261124-183000Z.wav', 'garbage')?.toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(recordingMoment('rec-20261124-183000Z.wav')?.toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(recordingMoment('my song.wav')).toBeNull();
  });

  // Tuesday 24 November 2026, 18:30 UTC: 19:30 in Paris, 13:30 in New York.
  const at = new Date('2026-11-24T18:30:00Z');
  const now = new Date('2026-11-26T09:00:00Z');

  it('names a recording by its weekday, date and time in the reader language and time zone', () => {
    expect(formatRecordingName(at, 'en', now, 'Europe/Paris')).toBe('Tuesday 24 November at 19:30');
    expect(formatRecordingName(at, 'fr', now, 'Europe/Paris')).toBe('mardi 24 novembre à 19:30');
    expect(formatRecordingName(at, 'en', now, 'America/New_York')).toBe('Tuesday 24 November at 13:30');
    // Late at night in UTC is already the next day in Tokyo.
    expect(formatRecordingName(new Date('2026-11-24T23:10:00Z'), 'fr', now, 'Asia/Tokyo')).toBe(
      'mercredi 25 novembre à 08:10',
    );
  });

  it('adds the year to a recording of another year', () => {
    const older = new Date('2025-11-24T18:30:00Z');
    expect(formatRecordingName(older, 'en', now, 'Europe/Paris')).toBe('Monday, 24 November 2025 at 19:30');
    expect(formatRecordingName(older, 'fr', now, 'Europe/Paris')).toBe('lundi 24 novembre 2025 à 19:30');
  });
});
