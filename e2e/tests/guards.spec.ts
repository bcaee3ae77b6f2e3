import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { logInViaUi, openBrowser, submitLogin } from '../support/ui.ts';

test('a guest opening a member page signs in (for the first time) and is brought back to it', async ({
  browser,
  request,
}) => {
  const user = await createConfirmedUser(request, { prefix: 'grd' });
  const { context, page } = await openBrowser(browser);
  await page.goto('/me/preferences');
  await expect(page).toHaveURL(/\/users\/login$/);
  await submitLogin(page, user);
  await expect(page).toHaveURL(/\/me\/preferences$/);
  await expect(page).toHaveTitle('Preferences | Tutti');
  await expect(page.getByRole('tab', { name: 'Connected devices' })).toBeVisible();

  // Guest-only pages send a signed-in user to the hall.
  await page.goto('/users/login');
  await expect(page).toHaveURL(/\/studio\/hall$/);
  await context.close();
});

test('an unknown path shows the not-found page, whose button leads back to the hall', async ({ browser, request }) => {
  const { context, page } = await openBrowser(browser);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Tutti');
  // A guest would only bounce off the hall to the login page (issue 29): the login page and the sign-up instead.
  const body = page.getByRole('main');
  await expect(body.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/users/login');
  await expect(body.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/users/signup');
  await expect(body.getByRole('link', { name: 'Back to the hall' })).toHaveCount(0);
  await expectAccessible(page, 'not found (guest)');

  const user = await createConfirmedUser(request, { prefix: 'nf' });
  await logInViaUi(page, user);
  await page.goto('/studio/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not found (member)');
  await page
    .getByRole('link', { name: 'Back to the hall' })
    .or(page.getByRole('button', { name: 'Back to the hall' }))
    .click();
  await expect(page).toHaveURL(/\/studio\/hall$/);
  await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
  await context.close();
});
