import { expectAccessible } from '../support/a11y.ts';
import { expectStatus } from '../support/audio.ts';
import { signedInMusician } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

/** The hall's first step (apps/web/src/locales/<lang>/nals.json, setup). */
const SETUP_WORDS = {
  en: {
    title: 'Set up your audio client',
    download: 'Download the audio client',
    userMenu: 'user menu',
    help: 'Help menu',
    tutorial: 'Tutorial',
    hall: 'Hall',
  },
  fr: {
    title: 'Installez votre client audio',
    download: 'Télécharger le client audio',
    userMenu: 'menu utilisateur',
    help: 'Menu d’aide',
    tutorial: 'Tutoriel',
    hall: 'Accueil',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`a new musician's hall says to set up the audio client first, until one connects (${lang})`, async ({
    browser,
    request,
    nals,
  }) => {
    const s = SETUP_WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    try {
      const me = await signedInMusician(page, request, lang);
      await expect(page).toHaveURL(/\/studio\/hall$/);
      // The header shows where I am (underlined, not by colour alone), and its user menu is named by what it shows.
      const hall = page.getByRole('banner').getByRole('link', { name: s.hall, exact: true });
      await expect(hall).toHaveAttribute('aria-current', 'page');
      expect(await hall.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
      await expect(
        page.getByRole('banner').getByRole('button', { name: `${me.user.username}, ${s.userMenu}`, exact: true }),
      ).toBeVisible();
      const step = page.getByRole('region', { name: s.title });
      await expect(step).toBeVisible();
      await expect(step).toContainText(me.token);
      await expectAccessible(page, `hall with the setup step (${lang})`);
      await screenshotAtWidths(page, 'hall-setup-step', lang);

      // The header's Help dropdown (SPEC section 2): the tutorial opens in its modal.
      await page.getByRole('banner').getByRole('button', { name: s.help }).click();
      await screenshotAtWidths(page, 'header-help-menu', lang);
      await page.getByRole('menuitem', { name: s.tutorial }).click();
      const tutorial = page.getByRole('dialog', { name: s.tutorial });
      await expect(tutorial).toBeVisible();
      await expectAccessible(page, `tutorial opened from the Help menu (${lang})`);
      await page.keyboard.press('Escape');
      await expect(tutorial).toHaveCount(0);

      // Its way leads to the download page.
      await step.getByRole('link', { name: s.download }).click();
      await expect(page).toHaveURL(/\/download$/);
      await page.goBack();
      await expect(step).toBeVisible();

      // An audio client signs in with the token: the step is done, here and after a reload.
      await nals.start({ token: me.token });
      await expectStatus(page, 'connected', lang);
      await expect(step).toHaveCount(0);
      await page.reload();
      await expectStatus(page, 'connected', lang);
      await expect(page.getByRole('region', { name: s.title })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}
