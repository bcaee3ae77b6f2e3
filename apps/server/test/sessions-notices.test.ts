import { readCalendarEvent } from '@tutti/contract/calendar';
import type { Session } from '@tutti/contract/sessions';
import { describe, expect, it } from 'vitest';
import { SESSION_REMINDER_JOB } from '../src/modules/sessions/session-notices.ts';
import type { MailMessage } from '../src/platform/mail.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createOpenRehearsal, sessionsSuite, signedInAgain, type ErrorJson } from './support/sessions.ts';
import { createUser, newUser, signUp, type SignedInUser } from './support/users.ts';
import type { TestApp } from './support/app.ts';

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
const french = (t: TestApp) => createUser(t, { locale: 'fr' });

describe.each(databases())(
  'session emails: invitations with calendar events, updates, reminders on $name',
  (database) => {
    const {
      h,
      users: [ann, bob, claire],
    } = sessionsSuite(database, [createUser, createUser, french]);

    const mailsTo = (user: SignedInUser, from: number): MailMessage[] =>
      h.t.mail.messages.slice(from).filter((m) => m.to === user.email);
    const put = (id: string, body: Record<string, unknown>) =>
      call<Session & ErrorJson>(h.t, 'PUT', `v1/open-rehearsal/${id}`, { token: ann.accessToken, body });
    const link = (id: string) => `${h.t.config.publicUrl}/studio/open-rehearsal/${id}`;

    it('invites to a scheduled session in each invitee’s language, with an .ics that has a stable UID', async () => {
      const from = h.t.mail.messages.length;
      const startsAt = new Date(Date.parse(inMinutes(h.t, 180)));
      startsAt.setSeconds(0, 0);
      const s = await createOpenRehearsal(h.t, ann, {
        name: 'Blues in E',
        startsAt: startsAt.toISOString(),
        timeZone: 'Europe/Paris',
        invite: [bob.username, claire.username],
      });
      const [toBob] = mailsTo(bob, from);
      const [toClaire] = mailsTo(claire, from);
      expect(mailsTo(ann, from)).toEqual([]);
      expect(toBob?.subject).toBe(`${ann.username} invites you to rehearse: Blues in E`);
      expect(toBob?.text).toContain(link(s.id));
      expect(toClaire?.subject).toBe(`${ann.username} vous invite à répéter : Blues in E`);
      expect(toClaire?.text).toContain('L’invitation est jointe');
      expect(toBob?.calendar?.method).toBe('REQUEST');
      const event = readCalendarEvent(toBob?.calendar?.content ?? '');
      expect(event).toMatchObject({
        METHOD: 'REQUEST',
        SEQUENCE: '0',
        SUMMARY: 'Blues in E',
        URL: link(s.id),
        STATUS: 'CONFIRMED',
        ATTENDEE: `mailto:${bob.email}`,
      });
      expect(event.DTSTART).toBe(startsAt.toISOString().replace(/[-:]/g, '').replace('.000', ''));
      expect(readCalendarEvent(toClaire?.calendar?.content ?? '').UID).toBe(event.UID);
      expect(s.calendarSequence).toBe(0);
    });

    it('moves the start: the same UID with SEQUENCE 1 goes to every invitee, and the session says so', async () => {
      const s = await createOpenRehearsal(h.t, ann, { startsAt: inMinutes(h.t, 120), invite: [bob.username] });
      const from = h.t.mail.messages.length;
      const moved = await put(s.id, { startsAt: inMinutes(h.t, 240) });
      expect(moved.status).toBe(200);
      expect(moved.json.calendarSequence).toBe(1);
      const [update] = mailsTo(bob, from);
      expect(update?.subject).toBe(`New time for ${s.name}`);
      const event = readCalendarEvent(update?.calendar?.content ?? '');
      expect(event).toMatchObject({ METHOD: 'REQUEST', SEQUENCE: '1' });
      // Renaming does not move it: no email, no new sequence.
      const renamed = await put(s.id, { name: 'Renamed' });
      expect(renamed.json.calendarSequence).toBe(1);
      expect(mailsTo(bob, from)).toHaveLength(1);
    });

    it('cancels: a CANCEL with the next SEQUENCE; starting early: the new time', async () => {
      const s = await createOpenRehearsal(h.t, ann, { startsAt: inMinutes(h.t, 120), invite: [bob.username] });
      const first = readCalendarEvent(h.t.mail.lastTo(bob.email)?.calendar?.content ?? '');
      let from = h.t.mail.messages.length;
      expect((await put(s.id, { status: 'cancelled' })).json.calendarSequence).toBe(1);
      const [cancel] = mailsTo(bob, from);
      expect(cancel?.subject).toBe(`Cancelled: ${s.name}`);
      expect(cancel?.calendar?.method).toBe('CANCEL');
      expect(readCalendarEvent(cancel?.calendar?.content ?? '')).toMatchObject({
        METHOD: 'CANCEL',
        STATUS: 'CANCELLED',
        SEQUENCE: '1',
        UID: first.UID,
      });

      const early = await createOpenRehearsal(h.t, ann, { startsAt: inMinutes(h.t, 120), invite: [claire.username] });
      from = h.t.mail.messages.length;
      const started = await put(early.id, { status: 'live' });
      expect(started.json.status).toBe('live');
      const [notice] = mailsTo(claire, from);
      expect(notice?.subject).toBe(`${early.name} a commencé plus tôt`);
      expect(readCalendarEvent(notice?.calendar?.content ?? '')).toMatchObject({ SEQUENCE: '1' });
    });

    it('invites to a session that is live now with a link and no calendar event; later invitees only', async () => {
      const s = await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
      const from = h.t.mail.messages.length;
      const res = await call<Session>(h.t, 'POST', `v1/open-rehearsal/${s.id}/invite`, {
        token: ann.accessToken,
        body: { usernames: [bob.username, claire.username] },
      });
      expect(res.status, res.text).toBe(200);
      // Bob was invited already: only Claire hears of it.
      expect(mailsTo(bob, from)).toEqual([]);
      const [toClaire] = mailsTo(claire, from);
      expect(toClaire?.subject).toBe(`${ann.username} vous invite à répéter maintenant : ${s.name}`);
      expect(toClaire?.calendar).toBeUndefined();
      expect(toClaire?.text).toContain(link(s.id));
    });

    it('sends nothing to an address that was never confirmed', async () => {
      const unconfirmed = newUser();
      await signUp(h.t, unconfirmed);
      const from = h.t.mail.messages.length;
      await createOpenRehearsal(h.t, ann, { startsAt: inMinutes(h.t, 120), invite: [unconfirmed.username] });
      expect(h.t.mail.messages.slice(from).filter((m) => m.to === unconfirmed.email)).toEqual([]);
    });

    it('reminds the organizer and the invitees once, 15 minutes before the start, and again after a move', async () => {
      const s = await createOpenRehearsal(h.t, ann, { startsAt: inMinutes(h.t, 60), invite: [bob.username] });
      const soon = await createOpenRehearsal(h.t, ann, { startsAt: inMinutes(h.t, 10), invite: [claire.username] });
      const remind = () => h.t.app.tutti.jobs.runNow(SESSION_REMINDER_JOB);
      let from = h.t.mail.messages.length;
      await remind();
      // Too early for the first; the second was created within the lead time: its invitation was the notice.
      expect(
        h.t.mail.messages.slice(from).filter((m) => m.subject.includes(s.name) || m.subject.includes(soon.name)),
      ).toEqual([]);

      h.t.clock.advance(46 * 60_000);
      from = h.t.mail.messages.length;
      await Promise.all([remind(), remind()]);
      await remind();
      const reminders = h.t.mail.messages.slice(from).filter((m) => m.subject === `Starting in 15 minutes: ${s.name}`);
      expect(reminders.map((m) => m.to).sort()).toEqual([ann.email, bob.email].sort());
      expect(reminders[0]?.text).toContain(link(s.id));

      // Moved an hour later: reminded again 15 minutes before the new time, not before.
      Object.assign(ann, await signedInAgain(h.t, ann));
      expect((await put(s.id, { startsAt: inMinutes(h.t, 74) })).status).toBe(200);
      from = h.t.mail.messages.length;
      await remind();
      expect(h.t.mail.messages.slice(from)).toEqual([]);
      h.t.clock.advance(60 * 60_000);
      await remind();
      const again = h.t.mail.messages.slice(from).filter((m) => m.subject === `Starting in 15 minutes: ${s.name}`);
      expect(again).toHaveLength(2);
    });
  },
);
