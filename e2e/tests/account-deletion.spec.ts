import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { apiSessionOf } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, submitLogin, WORDS } from '../support/ui.ts';

/** The words of "delete my account" (apps/web/src/locales/<lang>/me.json, auth.json). */
const W = {
  en: {
    heading: 'Delete my account',
    password: 'Your password',
    button: 'Delete my account',
    confirm: 'Delete your account?',
    notice: /^Your account will be erased on .+\. Log in before then to keep it\.$/,
    wrong: 'This password is not correct.',
  },
  fr: {
    heading: 'Supprimer mon compte',
    password: 'Votre mot de passe',
    button: 'Supprimer mon compte',
    confirm: 'Supprimer votre compte ?',
    notice: /^Votre compte sera effacé le .+\. Connectez-vous avant pour le garder\.$/,
    wrong: 'Ce mot de passe n’est pas le bon.',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`a musician deletes their account, is signed out, and keeps it by signing in again (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = W[lang];
    const musician = await createConfirmedUser(request, { prefix: `del${lang}`, locale: lang });
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    await logInViaUi(page, musician, { lang });

    await page.goto('/me/preferences?tab=account');
    await expect(page.getByRole('heading', { name: w.heading })).toBeVisible();
    // A wrong password is said on its field, after the confirmation.
    await page.getByLabel(w.password).fill('not my password');
    await page.getByRole('button', { name: w.button }).click();
    let dialog = page.getByRole('dialog', { name: w.confirm });
    await dialog.getByRole('button', { name: w.button }).click();
    await expect(page.getByText(w.wrong)).toBeVisible();
    await expectAccessible(page, `delete my account (${lang})`);
    await screenshotAtWidths(page, 'me-delete-account', lang);

    await page.getByLabel(w.password).fill(musician.password);
    await page.getByRole('button', { name: w.button }).click();
    dialog = page.getByRole('dialog', { name: w.confirm });
    await dialog.getByRole('button', { name: w.button }).click();
    await expect(page).toHaveURL(/\/users\/login\?erases=/);
    await expect(page.getByRole('status').filter({ hasText: w.notice })).toBeVisible();
    await expectAccessible(page, `login after deletion (${lang})`);
    await screenshotAtWidths(page, 'login-after-deletion', lang);

    // Its profile is gone for everyone meanwhile.
    const viewer = await apiSessionOf(request, await createConfirmedUser(request, { prefix: `view${lang}` }));
    const profile = () => request.get(`/api/v1/profiles/username/${musician.username}`, { headers: viewer.headers });
    expect((await profile()).status()).toBe(404);

    // Signing in again keeps it.
    await submitLogin(page, musician, lang);
    await expect(page).toHaveURL(/\/studio\/hall$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: WORDS[lang].hello(musician.username) })).toBeVisible();
    expect((await profile()).status()).toBe(200);
    await context.close();
  });
}
