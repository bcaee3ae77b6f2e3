import type { Page } from '@playwright/test';
import { createConfirmedUser, type Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { VIEWPORTS, WIDTHS } from '../support/env.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { screenshot } from '../support/screenshots.ts';
import {
  adminSession,
  apiSessionOf,
  createOpenRehearsalViaApi,
  createTestRehearsalViaApi,
  joinOpenRehearsalViaApi,
  keepAliveViaApi,
  region,
  SESSION_WORDS,
  slotRow,
  TESTER_DOMAIN,
} from '../support/sessions.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

/** Title, then axe and a full-page screenshot at each width. */
async function capture(page: Page, name: string, lang: Lang): Promise<void> {
  await expect.soft(page, `title of ${name} (${lang})`).toHaveTitle(/ \| Tutti$/);
  for (const width of WIDTHS) {
    await page.setViewportSize(VIEWPORTS[width]);
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await expectAccessible(page, `${name} (${lang}, ${width} px)`, { soft: true });
    await screenshot(page, name, lang, width);
  }
  await page.setViewportSize(VIEWPORTS[1280]);
}

for (const lang of ['en', 'fr'] as const) {
  test(`every sessions screen in ${lang}: axe and screenshots at 1280 and 390 px`, async ({
    browser,
    request,
    nals,
  }) => {
    test.setTimeout(180_000);
    const w = SESSION_WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });

    // A tester with an audio client (the screen's reader); a second musician who organizes, invites and plays.
    const [me, organizer, admin] = await Promise.all([
      musicianWithClient(page, request, nals, {}, lang, { prefix: `s${lang}`, domain: TESTER_DOMAIN }),
      createConfirmedUser(request, { prefix: `o${lang}`, locale: lang }),
      adminSession(request),
    ]);
    const organizerApi = await apiSessionOf(request, organizer);
    const meApi = await apiSessionOf(request, me.user);
    const live = await createOpenRehearsalViaApi(request, organizerApi, {
      name: lang === 'en' ? 'Tuesday jam' : 'Bœuf du mardi',
      description: lang === 'en' ? 'Blues and soul standards, medium tempo.' : 'Blues et soul, tempo moyen.',
      public: true,
      invite: [me.user.username],
    });
    await createOpenRehearsalViaApi(request, meApi, {
      name: lang === 'en' ? 'Sunday rehearsal' : 'Répétition du dimanche',
      public: false,
      startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      invite: [organizer.username],
    });
    const testSession = await createTestRehearsalViaApi(request, admin, {
      name: lang === 'en' ? 'Latency check' : 'Test de latence',
      password: 'screens-password',
    });

    // The hall: a live session, an invitation, my upcoming session, the activity feed.
    await page.goto('/studio/hall');
    // Each session once: the live one I am invited to is under Invitations, not repeated under Live.
    await expect(region(page, w.invitations).getByText(live.name)).toBeVisible();
    await expect(region(page, w.live).getByText(live.name)).toHaveCount(0);
    await expect(region(page, w.activity).getByRole('link', { name: live.name }).first()).toBeVisible();
    await capture(page, 'sessions-hall', lang);

    await page.getByRole('main').getByRole('link', { name: w.newSession }).click();
    await expect(page.getByRole('button', { name: w.createAndJoin })).toBeEnabled();
    await page.getByRole('radio', { name: w.later }).check();
    await expect(page.getByRole('button', { name: w.create })).toBeEnabled();
    await capture(page, 'sessions-new', lang);

    await page.goto('/studio/sessions');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await capture(page, 'sessions-list', lang);

    // The session before joining, with the organizer already playing (an API join, kept alive).
    await joinOpenRehearsalViaApi(request, organizerApi, live.id);
    const stopKeepalive = keepAliveViaApi(request, organizerApi, live.id);
    try {
      await page.goto(`/studio/open-rehearsal/${live.id}`);
      await expect(page.getByRole('button', { name: w.join })).toBeEnabled();
      await capture(page, 'sessions-open-rehearsal', lang);

      // Joined: the rehearsal manager with both players, figures and chart of the room quality.
      await page.getByRole('button', { name: w.join }).click();
      await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
      await expectClient(me.client, 'room link', (s) => s.connection?.phase, 'connected');
      await expect(slotRow(page, lang, organizer.username)).toBeVisible();
      await expect(slotRow(page, lang, me.user.username)).toBeVisible();
      await expect(page.getByText(w.figures)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('img', { name: w.chart })).toBeVisible();
      await capture(page, 'sessions-rehearsal-manager', lang);
      await page.getByRole('button', { name: w.leave }).click();
      await expect(page.getByText(w.left)).toBeVisible();
    } finally {
      stopKeepalive();
      await request.post(`/api/v1/open-rehearsal/${live.id}/quit`, { headers: organizerApi.headers, data: {} });
    }

    await page.goto(`/studio/test-rehearsal/${testSession.id}`);
    await expect(page.getByRole('main').getByLabel(new RegExp(`^${w.testPassword}`))).toBeVisible();
    await capture(page, 'sessions-test-rehearsal', lang);

    await context.close();
  });
}
