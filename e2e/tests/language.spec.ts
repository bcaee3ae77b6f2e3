import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { openBrowser, submitLogin } from '../support/ui.ts';

// Before signing in the interface follows the browser: exact language, then its base language, then English.
test('a browser preferring fr-CA sees the login page in French', async ({ browser }) => {
  const { context, page } = await openBrowser(browser, { locale: 'fr-CA' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/users\/login$/);
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();
});

test('a browser preferring de-DE, a language Tutti lacks, sees English', async ({ browser }) => {
  const { context, page } = await openBrowser(browser, { locale: 'de-DE' });
  await page.goto('/users/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('the saved locale wins over the browser language once signed in', async ({ browser, request }) => {
  const user = await createConfirmedUser(request, { prefix: 'lng', locale: 'en' });
  const { context, page } = await openBrowser(browser, { locale: 'fr-CA' });
  await page.goto('/users/login');
  await submitLogin(page, user, 'fr');
  await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
  await context.close();
});
