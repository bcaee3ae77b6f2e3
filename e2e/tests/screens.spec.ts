import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, newUser, requestRecoveryLink, type Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { VIEWPORTS, WIDTHS } from '../support/env.ts';
import { extractLink, waitForNewMail } from '../support/mail.ts';
import { screenshot } from '../support/screenshots.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, WORDS } from '../support/ui.ts';

const SIGNUP_WORDS: Record<Lang, { username: string; birthdate: string; submit: string }> = {
  en: { username: 'Username', birthdate: 'Birthdate', submit: 'Create my account' },
  fr: { username: 'Nom d’utilisateur', birthdate: 'Date de naissance', submit: 'Créer mon compte' },
};
/** File names for the preferences tabs, in the order the page shows them (the same in every language). */
const PREFERENCE_TABS = [
  'preferences',
  'my-account',
  'change-username',
  'change-password',
  'devices',
  'billing',
  'blocked',
];

/** axe at both widths (the phone layout has its own header and menu), then a screenshot at each. */
async function capture(page: Page, name: string, lang: Lang): Promise<void> {
  await expect.soft(page, `title of ${name} (${lang})`).toHaveTitle(/ \| Tutti$/);
  for (const width of WIDTHS) {
    await page.setViewportSize(VIEWPORTS[width]);
    await expectAccessible(page, `${name} (${lang}, ${width} px)`, { soft: true });
    await screenshot(page, name, lang, width);
  }
  await page.setViewportSize(VIEWPORTS[1280]);
}

for (const lang of ['en', 'fr'] as const) {
  test(`every screen of the accounts area in ${lang}: axe and screenshots at 1280 and 390 px`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const w = WORDS[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });

    await page.goto('/users/login');
    await expect(page.getByRole('button', { name: w.logIn, exact: true })).toBeVisible();
    await capture(page, 'login', lang);
    if (lang === 'en') await expect(page.getByRole('img', { name: 'Server status: online' })).toBeVisible();

    const fresh = newUser(`s${lang}`);
    const s = SIGNUP_WORDS[lang];
    await page.goto('/users/signup');
    await page.getByRole('button', { name: s.submit }).click();
    await capture(page, 'signup-errors', lang);
    await page.getByLabel(w.email, { exact: true }).fill(fresh.email);
    await page.getByLabel(w.password, { exact: true }).fill(fresh.password);
    await page.getByLabel(s.username, { exact: true }).fill(fresh.username);
    await page.getByLabel(s.birthdate, { exact: true }).fill(fresh.birthdate);
    await page.getByRole('button', { name: s.submit }).click();
    await expect(page.getByRole('button', { name: s.submit })).toHaveCount(0);
    await capture(page, 'confirmation', lang);

    const validated = page.waitForResponse((r) => r.url().endsWith('/api/v1/accounts/validate'));
    await page.goto(extractLink(await waitForNewMail(fresh.email), 'validate-account'));
    expect((await validated).status()).toBe(204);
    await capture(page, 'validate-account', lang);

    await page.goto('/users/forgot-password');
    await capture(page, 'forgot-password', lang);
    await page.goto(await requestRecoveryLink(request, fresh.email));
    await expect(page.getByRole('textbox').or(page.locator('input[type=password]')).first()).toBeVisible();
    await capture(page, 'recover-password', lang);

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: w.pageNotFound })).toBeVisible();
    await capture(page, 'not-found', lang);

    const member = await createConfirmedUser(request, { prefix: `m${lang}`, locale: lang });
    await logInViaUi(page, member, { lang });
    await capture(page, 'hall', lang);
    await page.getByRole('button', { name: w.userMenu }).click();
    await expect(page.getByRole('menuitem', { name: w.signOut })).toBeVisible();
    await capture(page, 'user-menu', lang);
    await page.keyboard.press('Escape');

    await page.goto('/me/preferences');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(PREFERENCE_TABS.length);
    for (const [index, name] of PREFERENCE_TABS.entries()) {
      await tabs.nth(index).click();
      await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
      await capture(page, `preferences-${name}`, lang);
    }
    await context.close();
  });
}
