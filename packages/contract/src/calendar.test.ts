import { describe, expect, it } from 'vitest';
import {
  buildCalendar,
  escapeCalendarText,
  foldCalendarLine,
  readCalendarEvent,
  sessionCalendarUid,
} from './calendar.ts';

const event = {
  method: 'REQUEST' as const,
  uid: sessionCalendarUid('0b7c6f1e-0000-4000-8000-000000000001', 'https://tutti.example:8443'),
  sequence: 2,
  start: new Date('2026-12-03T18:30:00Z'),
  summary: 'Blues in E; take 2, with Zoé',
  description: 'Bring a capo.\nWe start on time.',
  url: 'https://tutti.example/studio/open-rehearsal/0b7c6f1e-0000-4000-8000-000000000001',
  stamp: new Date('2026-11-26T10:00:00.123Z'),
  organizer: { name: 'Ann "the boss" Lee', email: 'no-reply@tutti.example' },
  attendee: { name: 'Bob', email: 'bob@example.com' },
};

describe('a rehearsal as an iCalendar invitation (RFC 5545)', () => {
  it('has CRLF lines, the method, a stable UID, the sequence, UTC times and a two-hour end', () => {
    const text = buildCalendar(event);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const props = readCalendarEvent(text);
    expect(props).toMatchObject({
      METHOD: 'REQUEST',
      UID: 'session-0b7c6f1e-0000-4000-8000-000000000001@tutti.example',
      SEQUENCE: '2',
      DTSTAMP: '20261126T100000Z',
      DTSTART: '20261203T183000Z',
      DTEND: '20261203T203000Z',
      SUMMARY: 'Blues in E; take 2, with Zoé',
      DESCRIPTION: 'Bring a capo.\nWe start on time.',
      STATUS: 'CONFIRMED',
      ORGANIZER: 'mailto:no-reply@tutti.example',
      ATTENDEE: 'mailto:bob@example.com',
    });
    // The quote in a name cannot be escaped in a parameter: it is dropped.
    expect(text).toContain('ORGANIZER;CN="Ann the boss Lee":mailto:no-reply@tutti.example');
  });

  it('cancels with the same UID and says so', () => {
    const props = readCalendarEvent(buildCalendar({ ...event, method: 'CANCEL', sequence: 3 }));
    expect(props).toMatchObject({ METHOD: 'CANCEL', STATUS: 'CANCELLED', SEQUENCE: '3', UID: expect.any(String) });
    expect(props.UID).toBe(event.uid);
  });

  it('reads back a calendar whose line ends a mail transport turned into LF', () => {
    const lf = buildCalendar(event).replace(/\r\n/g, '\n');
    expect(readCalendarEvent(lf)).toMatchObject({ UID: event.uid, SEQUENCE: '2' });
  });

  it('escapes text values', () => {
    expect(escapeCalendarText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldCalendarLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    const long = buildCalendar({ ...event, summary: 'x'.repeat(300) });
    expect(readCalendarEvent(long).SUMMARY).toBe('x'.repeat(300));
  });
});
