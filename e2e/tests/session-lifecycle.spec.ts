import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { openConfiguration } from '../support/audio.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { apiSessionOf, createOpenRehearsalViaApi, SESSION_WORDS } from '../support/sessions.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

/** The lifecycle wording (apps/web/src/locales/<lang>/sessions.json, lifecycle and common.opensAt). */
const LIFECYCLE_WORDS = {
  en: {
    opens: /^Opens /,
    startNow: 'Start now',
    cancel: 'Cancel the session',
    cancelTitle: (name: string) => `Cancel “${name}”?`,
    keep: 'Keep it',
    cancelled: 'This session was cancelled.',
    end: 'End the session',
    endTitle: (name: string) => `End “${name}” for everyone?`,
    endConfirm: 'End for everyone',
    ended: 'This session has ended.',
    restart: 'Restart the session',
    restartUntil: /You can restart it until/,
    emptyUntil: /Everyone has left\. The session stays open until/,
    cancelledBadge: 'Cancelled',
    inputLevel: 'Input level',
  },
  fr: {
    opens: /^Ouvre /,
    startNow: 'Commencer maintenant',
    cancel: 'Annuler la session',
    cancelTitle: (name: string) => `Annuler « ${name} » ?`,
    keep: 'La garder',
    cancelled: 'Cette session a été annulée.',
    end: 'Terminer la session',
    endTitle: (name: string) => `Terminer « ${name} » pour tout le monde ?`,
    endConfirm: 'Terminer pour tout le monde',
    ended: 'Cette session est terminée.',
    restart: 'Relancer la session',
    restartUntil: /Vous pouvez la relancer jusqu’à/,
    emptyUntil: /Tout le monde est parti\. La session reste ouverte jusqu’à/,
    cancelledBadge: 'Annulée',
    inputLevel: 'Niveau d’entrée',
  },
} as const;

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

/** Checked with axe and captured at both widths. */
async function look(page: Page, name: string, lang: 'en' | 'fr'): Promise<void> {
  await expectAccessible(page, `${name} (${lang})`);
  await screenshotAtWidths(page, name, lang);
}

for (const lang of ['en', 'fr'] as const) {
  test(`the organizer starts a scheduled session now, plays, leaves and comes back, ends and restarts it, and cancels another (${lang})`, async ({
    browser,
    request,
    nals,
  }) => {
    test.setTimeout(180_000);
    const w = SESSION_WORDS[lang];
    const l = LIFECYCLE_WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    try {
      const me = await musicianWithClient(page, request, nals, {}, lang, { prefix: `lc${lang}` });
      const api = await apiSessionOf(request, me.user);
      const name = `Blues in E ${me.user.username.slice(-4)}`;
      const session = await createOpenRehearsalViaApi(request, api, { name, public: false, startsAt: inHours(2) });

      // Scheduled: no way in yet, and the button says when it opens; the organizer may start it now.
      await page.goto(`/studio/open-rehearsal/${session.id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('button', { name: l.opens })).toBeDisabled();
      await look(page, 'session-scheduled', lang);
      await page.getByRole('button', { name: l.startNow }).click();
      const join = page.getByRole('button', { name: w.join });
      await expect(join).toBeEnabled();

      // In, out, and in again: the empty session waits for its players instead of ending.
      await join.click();
      await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
      await expectClient(me.client, 'room link', (s) => s.connection?.phase, 'connected');
      await page.getByRole('button', { name: w.leave }).click();
      await expect(page.getByText(l.emptyUntil)).toBeVisible();
      await look(page, 'session-empty-grace', lang);
      await join.click();
      await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
      await expectClient(me.client, 'room link again', (s) => s.connection?.phase, 'connected');
      // My row's meter moves with what my audio client sends, and so does the configuration's input meter.
      const myMeter = page.getByRole('listitem').filter({ hasText: me.user.username }).getByRole('meter');
      await expect
        .poll(async () => Number(await myMeter.getAttribute('data-level')), { message: 'my level' })
        .toBeGreaterThan(0);
      const config = await openConfiguration(page, lang);
      const inputMeter = config.getByRole('meter', { name: l.inputLevel });
      await expect
        .poll(async () => Number(await inputMeter.getAttribute('data-level')), { message: 'input level' })
        .toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await expect(config).toBeHidden();

      // End for everyone, after confirming: the room link goes, and the organizer may restart it for a while.
      await page.getByRole('button', { name: l.end }).click();
      const endDialog = page.getByRole('dialog', { name: l.endTitle(name) });
      await expect(endDialog).toBeVisible();
      await expectAccessible(page, `end question (${lang})`);
      await endDialog.getByRole('button', { name: l.endConfirm }).click();
      await expect(page.getByText(w.ended)).toBeVisible();
      await expectClient(me.client, 'room link after the end', (s) => s.connection, null);
      // Out of the room (dis): the meters fall silent.
      const after = await openConfiguration(page, lang);
      await expect(after.getByRole('meter', { name: l.inputLevel })).toHaveAttribute('data-level', '0');
      await page.keyboard.press('Escape');
      await expect(after).toBeHidden();
      await expect(page.getByText(l.restartUntil)).toBeVisible();
      await look(page, 'session-ended', lang);
      await page.getByRole('button', { name: l.restart }).click();
      await expect(page.getByText(l.emptyUntil)).toBeVisible();
      await expect(join).toBeEnabled();

      // Another, scheduled, cancelled after confirming (Keep it first changes nothing).
      const other = await createOpenRehearsalViaApi(request, api, {
        name: `${name} II`,
        public: true,
        startsAt: inHours(30),
      });
      await page.goto(`/studio/open-rehearsal/${other.id}`);
      await page.getByRole('button', { name: l.cancel }).click();
      const cancelDialog = page.getByRole('dialog', { name: l.cancelTitle(`${name} II`) });
      await expect(cancelDialog.getByRole('button', { name: l.keep })).toBeFocused();
      await cancelDialog.getByRole('button', { name: l.keep }).click();
      await expect(cancelDialog).toBeHidden();
      await expect(page.getByRole('button', { name: l.opens })).toBeDisabled();
      await page.getByRole('button', { name: l.cancel }).click();
      await page
        .getByRole('dialog', { name: l.cancelTitle(`${name} II`) })
        .getByRole('button', { name: l.cancel })
        .click();
      await expect(page.getByText(l.cancelled)).toBeVisible();
      await expect(page.getByRole('button', { name: w.join })).toHaveCount(0);
      await look(page, 'session-cancelled', lang);

      // The organizer's list keeps it, labelled.
      await page.goto('/studio/sessions');
      const card = page.getByRole('listitem').filter({ hasText: `${name} II` });
      await expect(card).toContainText(l.cancelledBadge);
    } finally {
      await context.close();
    }
  });
}
