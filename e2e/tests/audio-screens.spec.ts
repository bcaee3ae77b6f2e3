import type { Page } from '@playwright/test';
import { createConfirmedUser, type Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import {
  AUDIO_WORDS,
  chooseAudioMenuItem,
  expectStatus,
  interceptLaunchLinks,
  nalsTokenOf,
  openAudioMenu,
  openConfiguration,
  openLogs,
} from '../support/audio.ts';
import { VIEWPORTS, WIDTHS } from '../support/env.ts';
import { expect, test } from '../support/nals.ts';
import { screenshot } from '../support/screenshots.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

const OPEN_DRIVER: Record<Lang, string> = { en: 'Open driver settings', fr: 'Ouvrir les réglages du pilote' };

interface CaptureOptions {
  /** Runs after every resize, for states a resize may undo (an open menu, a scroll position). */
  ensure?: () => Promise<void>;
  /** An overlay (dialog, menu): the viewport is what a person sees. */
  overlay?: boolean;
}

/** axe at both widths, then a screenshot at each. */
async function capture(page: Page, name: string, lang: Lang, { ensure, overlay }: CaptureOptions = {}) {
  await expect.soft(page, `title of ${name} (${lang})`).toHaveTitle(/ \| Tutti$/);
  for (const width of WIDTHS) {
    await page.setViewportSize(VIEWPORTS[width]);
    await ensure?.();
    // A dialog or menu still fading in has translucent colours, which axe would report as poor contrast (spinners,
    // which never end, do not count).
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await expectAccessible(page, `${name} (${lang}, ${width} px)`, { soft: true });
    await screenshot(page, name, lang, width, { fullPage: !overlay });
  }
  await page.setViewportSize(VIEWPORTS[1280]);
  await ensure?.();
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

for (const lang of ['en', 'fr'] as const) {
  test(`every audio client screen in ${lang}: axe and screenshots at 1280 and 390 px`, async ({
    browser,
    request,
    nals,
  }) => {
    test.setTimeout(240_000);
    const w = AUDIO_WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await interceptLaunchLinks(page);
    const user = await createConfirmedUser(request, { prefix: `a${lang}`, locale: lang });
    const token = await nalsTokenOf(request, user);
    await logInViaUi(page, user, { lang });

    // No client yet: Start ends on the "not installed" dialog, which leads to /download.
    await chooseAudioMenuItem(page, w.start, lang);
    await expect(page.getByRole('dialog', { name: w.notInstalled })).toBeVisible({ timeout: 15_000 });
    await capture(page, 'nals-not-installed', lang, { overlay: true });
    await page.getByRole('dialog', { name: w.notInstalled }).getByRole('link', { name: w.downloadClient }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.downloadClient })).toBeVisible();
    await capture(page, 'nals-download', lang);

    await page.goto('/studio/hall');
    const client = await nals.start({ token });
    await expectStatus(page, 'connected', lang);

    const menu = page.getByRole('menu');
    await openAudioMenu(page, lang);
    await capture(page, 'nals-audio-menu', lang, {
      overlay: true,
      ensure: async () => {
        if (!(await menu.isVisible())) await openAudioMenu(page, lang);
      },
    });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    const dialog = await openConfiguration(page, lang);
    await capture(page, 'nals-configuration', lang, { overlay: true });
    await expect(dialog.getByRole('heading', { name: w.effects })).toBeVisible();
    // The dialog scrolled to its end: amp, delay and chorus.
    const lastEffect = dialog.getByRole('slider').last();
    await capture(page, 'nals-effects', lang, { overlay: true, ensure: () => lastEffect.scrollIntoViewIfNeeded() });

    // Something to read in the logs: an information (the driver settings opened) and an error (a recording that
    // does not exist, asked through the page's own store as a click would).
    await dialog.getByRole('button', { name: OPEN_DRIVER[lang] }).click();
    await expect.poll(async () => (await client.state()).signalCounts.status ?? 0).toBeGreaterThan(0);
    await closeDialog(page);
    await page.evaluate(() =>
      (window as unknown as { __tuttiNals: { send: (c: unknown) => boolean } }).__tuttiNals.send({
        action: 'delete',
        data: { name: 'no-such-recording.wav' },
      }),
    );
    await expectStatus(page, 'error', lang);
    const logs = await openLogs(page, lang);
    await expect(logs.getByText('RECORDING_NOT_FOUND', { exact: true })).toBeVisible();
    await expect(logs.getByText('DRIVER_CONFIG_OPENED', { exact: true })).toBeVisible();
    await capture(page, 'nals-logs', lang, { overlay: true });
    await closeDialog(page);

    await page.goto('/nals/selfcheck');
    // A full page load: the page reconnects to its audio client first (the icon says so), as a musician would see
    // before pressing Start; the self-check waits only NALS_WAIT_MS for it.
    await expectStatus(page, 'connected', lang);
    await page.getByRole('button', { name: w.selfcheckStart }).click();
    await expect(page.getByRole('heading', { name: w.roundTrip })).toBeVisible({ timeout: 60_000 });
    // The finished state: every step done (the echo room closed), the verdict under the figure.
    await expect(page.getByRole('button', { name: w.selfcheckAgain })).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByTestId('selfcheck-verdict')).toHaveText(w.verdictExcellent);
    await capture(page, 'nals-selfcheck', lang);

    // An older client: the banner offers the reference version.
    await client.stop();
    await expectStatus(page, 'disconnected', lang);
    await nals.start({ token, version: '0.10.2' });
    await expectStatus(page, 'connected', lang);
    await page.goto('/studio/hall');
    await expect(page.getByText(w.upgradeAvailable)).toBeVisible({ timeout: 20_000 });
    await capture(page, 'nals-upgrade-banner', lang);

    await context.close();
  });
}
