import type { APIRequestContext, Page } from '@playwright/test';
import type { Session } from '@tutti/contract/sessions';
import { createConfirmedUser, type Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { VIEWPORTS, type Width } from '../support/env.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { screenshot } from '../support/screenshots.ts';
import {
  apiSessionOf,
  createOpenRehearsalViaApi,
  joinOpenRehearsalViaApi,
  keepAliveViaApi,
  region,
  SESSION_WORDS,
  slotRow,
  type ApiSession,
} from '../support/sessions.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

/** The guard's wording (apps/web/src/locales/<lang>/common.json, leaveRehearsal and the header). */
const GUARD_WORDS = {
  en: {
    title: 'Rehearsal in progress',
    question: (name: string) => `You are in “${name}”. Leave the rehearsal?`,
    stay: 'Stay',
    leave: 'Leave',
    hall: 'Hall',
    logo: 'Tutti, go to the hall',
    menu: 'Open the menu',
    onePlayer: /1 of \d+ players/,
  },
  fr: {
    title: 'Répétition en cours',
    question: (name: string) => `Vous êtes dans « ${name} ». Quitter la répétition ?`,
    stay: 'Rester',
    leave: 'Quitter',
    hall: 'Accueil',
    logo: 'Tutti, aller à l’accueil',
    menu: 'Ouvrir le menu',
    onePlayer: /1 musiciens? sur \d+/,
  },
} as const;

/** Who plays in the session, as the server says (the organizer's view through the API). */
async function playersOf(request: APIRequestContext, as: ApiSession, sessionId: string): Promise<string[]> {
  const res = await request.get(`/api/v1/sessions/${sessionId}/details`, { headers: as.headers });
  expect(res.status(), 'session details').toBe(200);
  return ((await res.json()) as Session).players.map((p) => p.musician.username);
}

/** The open question, checked with axe and captured (the viewport only: the modal covers it). */
async function captureQuestion(page: Page, lang: Lang, width: Width): Promise<void> {
  // One banner landmark, the app header (the modal title bar is a div: app/theme.ts).
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expectAccessible(page, `leave question (${lang}, ${width} px)`);
  await screenshot(page, 'rehearsal-guard-question', lang, width, { fullPage: false });
}

for (const lang of ['en', 'fr'] as const) {
  test(`in a rehearsal, going elsewhere asks first: Stay keeps it, Leave quits (${lang})`, async ({
    browser,
    request,
    nals,
  }) => {
    test.setTimeout(150_000);
    const w = SESSION_WORDS[lang];
    const g = GUARD_WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    const [me, organizer] = await Promise.all([
      musicianWithClient(page, request, nals, {}, lang, { prefix: `g${lang}` }),
      createConfirmedUser(request, { prefix: `go${lang}`, locale: lang }),
    ]);
    // The organizer plays too (through the API), so the session lives on once I leave and shows who is left.
    const organizerApi = await apiSessionOf(request, organizer);
    const name = `Blues in E ${me.user.username.slice(-4)}`;
    const session = await createOpenRehearsalViaApi(request, organizerApi, { name, public: true });
    await joinOpenRehearsalViaApi(request, organizerApi, session.id);
    const stopKeepalive = keepAliveViaApi(request, organizerApi, session.id);
    const sessionUrl = new RegExp(`/studio/open-rehearsal/${session.id}$`);
    const banner = page.getByRole('banner');
    const dialog = page.getByRole('dialog', { name: g.title });

    try {
      // Not joined: the header's Hall goes to the hall at once. Back again, in the app (a history entry to use later).
      await page.goto(`/studio/open-rehearsal/${session.id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await banner.getByRole('link', { name: g.hall, exact: true }).click();
      await expect(page).toHaveURL(/\/studio\/hall$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL(sessionUrl);

      await page.getByRole('button', { name: w.join }).click();
      await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
      await expectClient(me.client, 'room link', (s) => s.connection?.phase, 'connected');
      const link = (await me.client.state()).connection;
      expect(await playersOf(request, organizerApi, session.id)).toContain(me.user.username);
      // A marker on the window: it would vanish with a reload.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      // Hall in the header: the question, Stay focused.
      await banner.getByRole('link', { name: g.hall, exact: true }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(g.question(name));
      await expect(dialog.getByRole('button', { name: g.stay })).toBeFocused();
      await captureQuestion(page, lang, 1280);

      // Stay: the same page, the same room link, still a player for everyone else.
      await dialog.getByRole('button', { name: g.stay }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(sessionUrl);
      await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
      await expect(slotRow(page, lang, me.user.username)).toBeVisible();
      const stayed = (await me.client.state()).connection;
      expect(stayed?.phase).toBe('connected');
      expect(stayed?.room).toBe(link?.room);
      expect(stayed?.player).toBe(link?.player);
      expect(await playersOf(request, organizerApi, session.id)).toContain(me.user.username);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // At 390 px, from the burger menu: the question again, and the menu closed behind it. Escape stays.
      await page.setViewportSize(VIEWPORTS[390]);
      const burger = page.getByRole('button', { name: g.menu });
      await burger.click();
      await expect(burger).toHaveAttribute('aria-expanded', 'true');
      await banner.getByRole('link', { name: g.hall, exact: true }).click();
      await expect(dialog).toBeVisible();
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
      await captureQuestion(page, lang, 390);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(sessionUrl);
      await page.setViewportSize(VIEWPORTS[1280]);

      // The browser's forward button (to the hall visited before joining) is asked about as well.
      // (history.forward, not page.goForward: the router puts the entry back at once, there is no load to await.)
      await page.evaluate(() => window.history.forward());
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: g.stay }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(sessionUrl);
      expect((await me.client.state()).connection?.phase).toBe('connected');

      // The logo, then Leave: out of the room, on the hall, and the session shows the organizer alone.
      await banner.getByRole('link', { name: g.logo }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: g.leave }).click();
      await expect(page).toHaveURL(/\/studio\/hall$/);
      await expect(dialog).toBeHidden();
      await expectClient(me.client, 'room link after leaving', (s) => s.connection, null);
      await expect
        .poll(() => playersOf(request, organizerApi, session.id), { message: 'players after I left' })
        .toEqual([organizer.username]);
      const card = region(page, w.live).getByRole('listitem').filter({ hasText: name });
      await expect(card).toContainText(g.onePlayer);
    } finally {
      stopKeepalive();
      await context.close();
    }
  });
}
