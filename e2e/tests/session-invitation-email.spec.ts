import { readFile } from 'node:fs/promises';
import { readCalendarEvent } from '@tutti/contract/calendar';
import { createConfirmedUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { BASE_URL } from '../support/env.ts';
import { readOutbox, waitForNewMail, type OutboxMail } from '../support/mail.ts';
import { expect, test } from '../support/nals.ts';
import { screenshot } from '../support/screenshots.ts';
import { apiSessionOf, createOpenRehearsalViaApi } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/** The emails' and the page's wording (apps/server/src/modules/sessions/sessions.mail.ts, locales/<lang>/sessions.json). */
const WORDS = {
  en: {
    invitation: (who: string, name: string) => `${who} invites you to rehearse: ${name}`,
    moved: (name: string) => `New time for ${name}`,
    cancelled: (name: string) => `Cancelled: ${name}`,
    copy: 'Copy invite link',
    copied: 'Link copied',
    calendar: 'Add to calendar',
    cancelledPage: 'This session was cancelled.',
  },
  fr: {
    invitation: (who: string, name: string) => `${who} vous invite à répéter : ${name}`,
    moved: (name: string) => `Nouvel horaire pour ${name}`,
    cancelled: (name: string) => `Annulée : ${name}`,
    copy: 'Copier le lien d’invitation',
    copied: 'Lien copié',
    calendar: 'Ajouter à l’agenda',
    cancelledPage: 'Cette session a été annulée.',
  },
} as const;

const inHours = (hours: number) => {
  const at = new Date(Date.now() + hours * 3600_000);
  at.setUTCSeconds(0, 0);
  return at;
};
/** DTSTART as RFC 5545 writes a UTC instant. */
const icsInstant = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('.000', '');
const eventOf = (mail: OutboxMail) => readCalendarEvent(mail.calendar ?? '');

for (const lang of ['en', 'fr'] as const) {
  test(`a scheduled session's invitation email carries its calendar event, kept up to date on the page and by email (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const [organizer, invitee] = await Promise.all([
      createConfirmedUser(request, { prefix: `co${lang}` }),
      createConfirmedUser(request, { prefix: `ci${lang}`, locale: lang }),
    ]);
    const seen = (await readOutbox(invitee.email)).length;
    const startsAt = inHours(3);
    const name = `Bossa ${invitee.username.slice(-4)}`;
    const api = await apiSessionOf(request, organizer);
    const session = await createOpenRehearsalViaApi(request, api, {
      name,
      public: false,
      startsAt: startsAt.toISOString(),
      invite: [invitee.username],
    });
    const link = `${BASE_URL}/studio/open-rehearsal/${session.id}`;

    // The email, in the invitee's language, with the link and a REQUEST for the calendar.
    const invitation = await waitForNewMail(invitee.email, seen);
    expect(invitation.subject).toBe(w.invitation(organizer.username, name));
    expect(invitation.text).toContain(link);
    const event = eventOf(invitation);
    expect(event).toMatchObject({
      METHOD: 'REQUEST',
      SEQUENCE: '0',
      DTSTART: icsInstant(startsAt),
      SUMMARY: name,
      URL: link,
      ATTENDEE: `mailto:${invitee.email}`,
    });
    expect(event.UID).toContain(session.id);

    // The link, opened: the page offers the same event and the link to share.
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
      await logInViaUi(page, invitee, { lang });
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await page.getByRole('button', { name: w.copy }).click();
      await expect(page.getByRole('button', { name: w.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: w.calendar }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const saved = readCalendarEvent(await readFile((await download.path()) ?? '', 'utf8'));
      expect(saved).toMatchObject({ METHOD: 'PUBLISH', UID: event.UID, SEQUENCE: '0', DTSTART: icsInstant(startsAt) });
      await expectAccessible(page, `session share actions (${lang})`);
      await screenshot(page, 'session-share', lang, 1280, { fullPage: false });
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'session-share', lang, 390, { fullPage: false });

      // Moved: the same UID, SEQUENCE 1, and the page's file follows.
      const later = inHours(4);
      const moved = await request.put(`/api/v1/open-rehearsal/${session.id}`, {
        headers: api.headers,
        data: { startsAt: later.toISOString() },
      });
      expect(moved.status()).toBe(200);
      const update = await waitForNewMail(invitee.email, seen + 1);
      expect(update.subject).toBe(w.moved(name));
      expect(eventOf(update)).toMatchObject({
        METHOD: 'REQUEST',
        UID: event.UID,
        SEQUENCE: '1',
        DTSTART: icsInstant(later),
      });

      // Cancelled: a CANCEL that removes it from the calendar; the page says so and offers nothing to share.
      const cancelled = await request.put(`/api/v1/open-rehearsal/${session.id}`, {
        headers: api.headers,
        data: { status: 'cancelled' },
      });
      expect(cancelled.status()).toBe(200);
      const cancel = await waitForNewMail(invitee.email, seen + 2);
      expect(cancel.subject).toBe(w.cancelled(name));
      expect(eventOf(cancel)).toMatchObject({ METHOD: 'CANCEL', STATUS: 'CANCELLED', UID: event.UID, SEQUENCE: '2' });
      await expect(page.getByText(w.cancelledPage)).toBeVisible();
      await expect(page.getByRole('button', { name: w.calendar })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}
