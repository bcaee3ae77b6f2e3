/**
 * iCalendar (RFC 5545) text for a rehearsal: the invitation email attaches it (METHOD:REQUEST, then CANCEL), the
 * session page's "Add to calendar" downloads it (METHOD:PUBLISH). Both use the same UID and SEQUENCE, so a calendar
 * that holds the event from one updates it from the other instead of keeping two.
 */

/** How long a rehearsal lasts in a calendar: sessions have no end time, a calendar event needs one. */
export const SESSION_CALENDAR_DURATION_MINUTES = 120;

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  method: CalendarMethod;
  uid: string;
  /** Bumped each time the start changes or the event is cancelled (RFC 5545 section 3.8.7.4). */
  sequence: number;
  start: Date;
  durationMinutes?: number;
  summary: string;
  description?: string;
  url: string;
  /** When this text was made (DTSTAMP). */
  stamp: Date;
  /** iTIP (RFC 5546) requires both in a REQUEST or CANCEL. */
  organizer?: CalendarPerson;
  attendee?: CalendarPerson;
}

/** The event's stable identity: one session, one UID, on every instance and in every email. */
export function sessionCalendarUid(sessionId: string, origin: string): string {
  return `session-${sessionId}@${new URL(origin).hostname}`;
}

/** `20261126T183000Z`: always UTC, so no VTIMEZONE is needed and every calendar shows the reader's own time. */
export function formatCalendarInstant(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (section 3.3.11). */
export function escapeCalendarText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Parameter values (a CN) cannot be escaped: quoted, with the characters a quoted string cannot hold dropped. */
const quoteParameter = (value: string): string => `"${value.replace(/["\r\n\\]/g, '')}"`;

/** Lines longer than 75 octets are folded: CRLF then one space (section 3.1), never inside a UTF-8 sequence. */
export function foldCalendarLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines start with a space, so they hold 74 more.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildCalendar(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + (event.durationMinutes ?? SESSION_CALENDAR_DURATION_MINUTES) * 60_000);
  const person = (role: 'ORGANIZER' | 'ATTENDEE', p: CalendarPerson) =>
    role === 'ORGANIZER'
      ? `ORGANIZER;CN=${quoteParameter(p.name)}:mailto:${p.email}`
      : `ATTENDEE;CN=${quoteParameter(p.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${p.email}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tutti//Rehearsals//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${formatCalendarInstant(event.stamp)}`,
    `DTSTART:${formatCalendarInstant(event.start)}`,
    `DTEND:${formatCalendarInstant(end)}`,
    `SUMMARY:${escapeCalendarText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeCalendarText(event.description)}`] : []),
    `URL:${event.url}`,
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendee ? [person('ATTENDEE', event.attendee)] : []),
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldCalendarLine).join('\r\n') + '\r\n';
}

/** Where a content line's name and parameters end: the first colon outside a quoted parameter value. */
function nameEnd(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return i;
  }
  return -1;
}

/**
 * Reads back the properties of a calendar's first VEVENT (unfolded, unescaped; parameters dropped). Enough for tests
 * and for checking what was sent; not a general iCalendar parser.
 */
export function readCalendarEvent(text: string): Record<string, string> {
  // Tolerant of bare LF line ends, as a mail transport may have rewritten them.
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const props: Record<string, string> = {};
  let inEvent = false;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') inEvent = true;
    else if (line === 'END:VEVENT') break;
    const colon = nameEnd(line);
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0] ?? '';
    const value = line.slice(colon + 1);
    if (!inEvent && name !== 'METHOD') continue;
    props[name] = value.replace(/\\([\\;,])/g, '$1').replace(/\\n/gi, '\n');
  }
  return props;
}
