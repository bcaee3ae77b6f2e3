import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { agentHeader, bearer, createConfirmedUser, errorCodeOf, signInViaApi } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { extractLink, readOutbox, tokenOf, waitForNewMail } from '../support/mail.ts';
import { logInViaUi, openBrowser, signOutViaUi, submitLogin } from '../support/ui.ts';

test('a forgotten password is replaced through the emailed link, which works once', async ({ browser, request }) => {
  const user = await createConfirmedUser(request, { prefix: 'fgt' });
  const newPassword = `${user.password}-again`;
  const serial = randomUUID();
  const earlier = await signInViaApi(request, user, serial);
  const { context, page } = await openBrowser(browser);

  await page.goto('/users/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/users\/forgot-password$/);
  await expectAccessible(page, 'forgot password');
  const before = (await readOutbox(user.email)).length;
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('If an account exists for this address, we sent it a link.')).toBeVisible();
  const link = extractLink(await waitForNewMail(user.email, before), 'recover-password');

  await page.goto(link);
  await expectAccessible(page, 'recover password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm the new password', { exact: true }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm the new password', { exact: true }).fill(newPassword);
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/v1/accounts/recover-password'));
  await page.getByRole('button', { name: 'Change my password' }).click();
  expect((await changed).status()).toBe(204);

  // The recovery signed out every device, and the old password no longer opens the account.
  const me = await request.get('/api/v1/me', { headers: bearer(earlier.accessToken, serial) });
  expect(me.status()).toBe(403);
  const old = await request.post('/api/v1/auth', {
    headers: agentHeader(),
    data: { email: user.email, password: user.password },
  });
  expect(await errorCodeOf(old)).toBe('INVALID_CREDENTIALS');

  // The link is single-use.
  const again = await request.post('/api/v1/accounts/recover-password', {
    headers: agentHeader(),
    data: { token: tokenOf(link), password: `${newPassword}2` },
  });
  expect(again.ok()).toBe(false);
  expect(await errorCodeOf(again)).toBe('INVALID_LINK');

  // The next sign-in first says that every device was signed out (app-start hint), once; then the hall.
  await page.goto('/users/login');
  await submitLogin(page, { ...user, password: newPassword });
  await expect(page).toHaveURL(/\/studio\/welcome\?t=password-recovered$/);
  await expectAccessible(page, 'welcome after recovery');
  await page.getByRole('main').getByRole('link', { name: 'Go to the hall' }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
  await signOutViaUi(page);
  await logInViaUi(page, { ...user, password: newPassword });
  await context.close();
});

test('asking a link for an unknown address gives the same answer and sends nothing', async ({ browser }) => {
  const { context, page } = await openBrowser(browser);
  const nobody = `nobody.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/users/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(nobody);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('If an account exists for this address, we sent it a link.')).toBeVisible();
  expect(await readOutbox(nobody)).toHaveLength(0);
  await context.close();
});
