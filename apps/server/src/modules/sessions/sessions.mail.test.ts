import { describe, expect, it } from 'vitest';
import { formatSessionTime, sessionEmail } from './sessions.mail.ts';

const at = new Date('2026-12-03T18:30:00Z');
const facts = {
  to: 'bob',
  session: 'Blues in E',
  organizer: 'ann',
  startsAt: at,
  timeZone: 'Europe/Paris',
  link: 'https://tutti.example/studio/open-rehearsal/1',
};

describe('session emails', () => {
  it('give the time in the zone it was planned in, in the reader’s language, with the zone named', () => {
    expect(formatSessionTime('en', at, 'Europe/Paris')).toMatch(/Thursday, December 3, 2026.*07:30\sPM\s(CET|GMT\+1)/);
    expect(formatSessionTime('fr', at, 'Europe/Paris')).toMatch(/jeudi 3 décembre 2026.*19:30.*UTC\+1/);
    // An unknown zone reads as UTC, named so.
    expect(formatSessionTime('en', at, 'Mars/Olympus')).toMatch(/06:30\sPM\sUTC/);
    expect(formatSessionTime('fr', at, null)).toMatch(/18:30 UTC/);
  });

  it('put the link on a line of its own and use French typography', () => {
    const fr = sessionEmail('fr', 'reminder', facts);
    expect(fr.subject).toBe('Dans 15 minutes : Blues in E');
    expect(fr.text.split('\n')).toContain(facts.link);
    expect(fr.text).toContain('« Blues in E »');
    expect(fr.text).not.toMatch(/'/);
    const en = sessionEmail('en', 'cancelled', facts);
    expect(en.text).toContain('cancelled the rehearsal “Blues in E” planned on Thursday');
  });
});
