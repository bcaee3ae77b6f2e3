import { createConfirmedUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { screenshot } from '../support/screenshots.ts';
import { apiSessionOf, createOpenRehearsalViaApi, SESSION_WORDS } from '../support/sessions.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

/** The notice's wording (apps/web/src/locales/<lang>/sessions.json: hall.invitedToast, pendingInvitations). */
const NOTICE_WORDS = {
  en: {
    toast: (who: string, session: string) => `${who} invited you to ${session}`,
    join: 'Join',
    pending: '1 pending invitation',
    preferences: 'Preferences',
  },
  fr: {
    toast: (who: string, session: string) => `${who} vous invite à ${session}`,
    join: 'Rejoindre',
    pending: '1 invitation en attente',
    preferences: 'Préférences',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`an invitation reaches a musician on any page: a toast that joins in one click, and a badge (${lang})`, async ({
    browser,
    request,
    nals,
  }) => {
    test.setTimeout(120_000);
    const w = SESSION_WORDS[lang];
    const n = NOTICE_WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    try {
      const [me, organizer] = await Promise.all([
        musicianWithClient(page, request, nals, {}, lang, { prefix: `in${lang}` }),
        createConfirmedUser(request, { prefix: `io${lang}`, locale: lang }),
      ]);
      // Far from the hall: the preferences page, once its bus has subscribed to my invitations (their code loads
      // after the page: an invitation made before that would be announced to nobody on this page).
      const listening = page
        .waitForEvent('websocket', (ws) => ws.url().includes('/bus'))
        .then((ws) =>
          ws.waitForEvent('framesent', {
            predicate: (frame) => /"SUBSCRIBE".*\/invitations"/.test(String(frame.payload)),
            timeout: 30_000,
          }),
        );
      await page.goto('/me/preferences');
      await listening;
      await expect(page.getByRole('heading', { level: 1, name: n.preferences })).toBeVisible();
      const sessionsEntry = page.getByRole('banner').getByRole('link', { name: /^Sessions/ });
      await expect(sessionsEntry).toHaveText('Sessions');

      const name = `Funk in G ${me.user.username.slice(-4)}`;
      const api = await apiSessionOf(request, organizer);
      const session = await createOpenRehearsalViaApi(request, api, {
        name,
        public: false,
        invite: [me.user.username],
      });

      const toast = page.getByRole('status').filter({ hasText: n.toast(organizer.username, name) });
      await expect(toast).toBeVisible();
      // The pointer on it holds the toast while it is checked and photographed (it would go on its own after 20 s).
      await toast.hover();
      await expect(sessionsEntry).toHaveAccessibleName(`Sessions ${n.pending}`);
      await expect(page.getByTestId('invitations-badge')).toHaveText('1');
      await expectAccessible(page, `invitation notice (${lang})`);
      await screenshot(page, 'invitation-notice', lang, 1280, { fullPage: false });

      // The toast's Join: on the session page and in the room, without another click.
      await toast.getByRole('link', { name: n.join }).click();
      await expect(page).toHaveURL(new RegExp(`/studio/open-rehearsal/${session.id}$`));
      await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
      await expectClient(me.client, 'room link', (s) => s.connection?.phase, 'connected');
    } finally {
      await context.close();
    }
  });
}
