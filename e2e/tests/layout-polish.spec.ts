import type { Page } from '@playwright/test';
import type { Lang } from '../support/api.ts';
import { AUDIO_WORDS, chooseAudioMenuItem, openConfiguration } from '../support/audio.ts';
import { VIEWPORTS, WIDTHS } from '../support/env.ts';
import { musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { screenshot } from '../support/screenshots.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

const BURGER: Record<Lang, string> = { en: 'Open the menu', fr: 'Ouvrir le menu' };
const MAIN_MENU: Record<Lang, string> = { en: 'Main menu', fr: 'Menu principal' };

/** The left and right edges of the page column's content (MemberLayout's container, inside its padding). */
async function columnEdges(page: Page): Promise<{ left: number; right: number }> {
  return page.evaluate(() => {
    const column = document.querySelector('main .mantine-Container-root');
    if (!(column instanceof HTMLElement)) throw new Error('no page column');
    const box = column.getBoundingClientRect();
    const style = getComputedStyle(column);
    return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
  });
}

for (const lang of ['en', 'fr'] as const) {
  test(`the upgrade banner sits in the page column at 1280 and 390 px (${lang})`, async ({
    browser,
    request,
    nals,
  }) => {
    test.setTimeout(90_000);
    const w = AUDIO_WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    // An older client than the reference one: the banner offers it.
    await musicianWithClient(page, request, nals, { version: '0.10.2' }, lang);
    await page.goto('/studio/hall');
    const banner = page.getByTestId('upgrade-banner').filter({ hasText: w.upgradeAvailable });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    const card = banner.locator('.nals-banner');
    for (const width of WIDTHS) {
      await page.setViewportSize(VIEWPORTS[width]);
      const column = await columnEdges(page);
      const box = await card.boundingBox();
      expect(box, 'banner card').not.toBeNull();
      expect(Math.abs((box?.x ?? 0) - column.left), `left edge at ${width} px`).toBeLessThanOrEqual(1);
      expect(
        Math.abs((box?.x ?? 0) + (box?.width ?? 0) - column.right),
        `right edge at ${width} px`,
      ).toBeLessThanOrEqual(1);
      await screenshot(page, 'upgrade-banner', lang, width, { fullPage: false });
    }
    await context.close();
  });
}

test('at 390 px, a dialog opened while the burger menu is open closes the menu first', async ({
  browser,
  request,
  nals,
}) => {
  test.setTimeout(90_000);
  const lang = 'en';
  const w = AUDIO_WORDS[lang];
  const { context, page } = await openBrowser(browser, { width: 390 });
  await musicianWithClient(page, request, nals, {}, lang);
  const burger = page.getByRole('button', { name: BURGER[lang] });
  const drawer = page.getByRole('navigation', { name: MAIN_MENU[lang] });

  for (const [item, title] of [
    [w.configure, w.configTitle],
    [w.logs, w.logsTitle],
  ] as const) {
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toBeVisible();
    await chooseAudioMenuItem(page, item, lang);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    await screenshot(page, `drawer-closed-for-${item === w.configure ? 'configure' : 'logs'}`, lang, 390, {
      fullPage: false,
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  await context.close();
});

const RECORDINGS: Record<Lang, { title: string; record: string; stop: string; savedAs: string }> = {
  en: { title: 'Recordings', record: 'Record to file', stop: 'Stop recording', savedAs: 'Saved as' },
  fr: {
    title: 'Enregistrements',
    record: 'Enregistrer dans un fichier',
    stop: 'Arrêter l’enregistrement',
    savedAs: 'Enregistré sous',
  },
};

for (const lang of ['en', 'fr'] as const) {
  test(`recordings by their human name, with the saved notice: screenshots at 1280 and 390 px (${lang})`, async ({
    browser,
    request,
    nals,
  }, testInfo) => {
    test.setTimeout(90_000);
    const r = RECORDINGS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await musicianWithClient(page, request, nals, { recordings: testInfo.outputPath('recordings') }, lang);
    const dialog = await openConfiguration(page, lang);
    const section = dialog.getByRole('region', { name: r.title });
    await section.getByRole('button', { name: r.record }).click();
    await expect(section.getByRole('timer')).toHaveText(/^00:0[1-9] \/ 10:00$/, { timeout: 15_000 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'recordings-running', lang, 1280, { fullPage: false });
    await section.getByRole('button', { name: r.stop }).click();
    await expect(section.getByRole('status').filter({ hasText: r.savedAs })).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(1);
    for (const width of WIDTHS) {
      await page.setViewportSize(VIEWPORTS[width]);
      await section.getByRole('listitem').scrollIntoViewIfNeeded();
      await screenshot(page, 'recordings-saved', lang, width, { fullPage: false });
    }
    await context.close();
  });
}
