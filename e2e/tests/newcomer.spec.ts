import { expect, test } from '@playwright/test';
import { agentHeader, bearer, errorCodeOf, newUser, signInViaApi } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { extractLink, readOutbox, waitForNewMail } from '../support/mail.ts';
import { chooseOption, logInViaUi, openBrowser, openUserMenuItem, signOutViaUi, submitLogin } from '../support/ui.ts';

// The journey of issue 2, in order, as one person in one browser (plus a second browser for the devices step).
test('a newcomer signs up, confirms, signs in, edits the account, manages devices, switches to French, signs out', async ({
  browser,
  request,
}) => {
  // A dozen screens and two browsers: about a minute alone, more beside the other worker on two cores.
  test.setTimeout(240_000);
  const user = newUser('nc');
  const displayed = `Maestro${user.username.slice(2, 6)}`;
  const renamed = `${user.username}x`;
  const newPassword = `${user.password}-new`;
  const { context, page } = await openBrowser(browser);

  await test.step('a guest opening / is sent to the login page', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/users\/login$/);
    await expect(page).toHaveTitle('Log in | Tutti');
    await expectAccessible(page, 'login');
  });

  await test.step('the sign-up form answers every wrong field with the spec wording', async () => {
    await page.getByRole('link', { name: 'Create an account', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/signup$/);
    await expect(page).toHaveTitle('Create an account | Tutti');
    await expectAccessible(page, 'signup');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Username', { exact: true }).fill('not valid!');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Please use a valid email address.')).toBeVisible();
    await expect(page.getByText('Your password need to have a least 7 characters.')).toBeVisible();
    await expect(page.getByText('Usernames can only contain alphanumeric characters.')).toBeVisible();
    await expect(page.getByText('Please enter your birthdate.')).toBeVisible();
    await expectAccessible(page, 'signup with errors');
  });

  await test.step('a valid sign-up leads to the confirmation step, whose resend sends a second email', async () => {
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Birthdate', { exact: true }).fill(user.birthdate);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await waitForNewMail(user.email, 0);
    await expectAccessible(page, 'confirmation step');
    await page.getByRole('button', { name: 'Resend the email' }).click();
    await expect(page.getByText('The email has been sent again.')).toBeVisible();
    await waitForNewMail(user.email, 1);
  });

  await test.step('until confirmed, signing in is refused with the confirmation step and its resend', async () => {
    const res = await request.post('/api/v1/auth', {
      headers: agentHeader(),
      data: { email: user.email, password: user.password },
    });
    expect(res.ok()).toBe(false);
    expect(await errorCodeOf(res)).toBe('ACCOUNT_NOT_CONFIRMED');
    await page.goto('/users/login');
    await submitLogin(page, user);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend the email' })).toBeVisible();
    await expect(page).toHaveURL(/\/users\/login$/);
  });

  await test.step('the emailed link confirms the address', async () => {
    const mails = await readOutbox(user.email);
    await page.goto(extractLink(mails[mails.length - 1]!, 'validate-account'));
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await expectAccessible(page, 'validate account');
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/users\/login$/);
  });

  await test.step('the first sign-in opens the onboarding; skipping it lands in the hall with a greeting', async () => {
    await submitLogin(page, user);
    await expect(page).toHaveURL(/\/studio\/onboarding$/);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/studio\/hall$/);
    await expect(page).toHaveTitle('Hall | Tutti');
    await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
    await expectAccessible(page, 'hall');
  });

  await test.step('the displayed username replaces the username in the greeting', async () => {
    await openUserMenuItem(page, 'Preferences');
    await expect(page).toHaveURL(/\/me\/preferences$/);
    await expect(page).toHaveTitle('Preferences | Tutti');
    await expectAccessible(page, 'preferences');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Displayed username', { exact: true }).fill(displayed);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/preferences'));
    await panel.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.goto('/studio/hall');
    await expect(page.getByRole('heading', { name: `Hello, ${displayed}` })).toBeVisible();
  });

  await test.step('the username can be changed', async () => {
    await page.goto('/me/preferences');
    await page.getByRole('tab', { name: 'Change username' }).click();
    const panel = page.getByRole('tabpanel');
    await expectAccessible(page, 'preferences: change username');
    await panel.getByLabel('New username', { exact: true }).fill(renamed);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/username') && r.status() === 200);
    await panel.getByRole('button', { name: 'Change username' }).click();
    await saved;
  });

  await test.step('the password is changed, and the new one opens a second browser', async () => {
    await page.getByRole('tab', { name: 'Change password' }).click();
    const panel = page.getByRole('tabpanel');
    await expectAccessible(page, 'preferences: change password');
    await panel.getByLabel('Current password', { exact: true }).fill(user.password);
    await panel.getByLabel('New password', { exact: true }).fill(newPassword);
    await panel.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    const old = await request.post('/api/v1/auth', {
      headers: agentHeader(),
      data: { email: user.email, password: user.password },
    });
    expect(old.ok()).toBe(false);
    expect(await errorCodeOf(old)).toBe('INVALID_CREDENTIALS');
  });

  const second = await openBrowser(browser);
  await test.step('connected devices shows this browser and disconnects the other one, which is logged out', async () => {
    await logInViaUi(second.page, { ...user, password: newPassword }, { name: displayed });
    await second.page.goto('/me/preferences');
    await expect(second.page.getByRole('tabpanel').getByRole('button', { name: 'Save' })).toBeVisible();

    await page.getByRole('tab', { name: 'Connected devices' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('This device')).toBeVisible();
    await expectAccessible(page, 'preferences: connected devices');
    const disconnect = panel.getByRole('button', { name: 'Disconnect' });
    await expect(disconnect).toHaveCount(1);
    // The other browser does nothing: the live bus closes its socket at once (4403), the page checks with the API,
    // is refused SESSION_REVOKED and signs out.
    const refused = second.page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 403);
    await disconnect.click();
    // The web asks for confirmation before signing the other device out.
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(disconnect).toHaveCount(0);
    await expect(panel.getByText('This device')).toBeVisible();

    expect(await errorCodeOf(await refused)).toBe('SESSION_REVOKED');
    await expect(second.page).toHaveURL(/\/users\/login/);
  });
  await second.context.close();

  await test.step('French in the preferences switches the interface at once and survives a reload', async () => {
    await page.getByRole('tab', { name: 'Preferences' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/locale') && r.request().method() === 'PUT');
    await chooseOption(page, 'Language', 'Français');
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('tab', { name: 'Préférences' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Préférences' })).toBeVisible();
    await expectAccessible(page, 'preferences in French');
  });

  await test.step('after signing out and back in, the interface is still French', async () => {
    await signOutViaUi(page, 'fr');
    // A fresh load as a guest follows the browser (en-US); the saved locale takes over at sign-in.
    await page.goto('/users/login');
    await submitLogin(page, { ...user, password: newPassword });
    await expect(page.getByRole('heading', { name: `Bonjour, ${displayed}` })).toBeVisible();
  });

  await test.step('the account holds the new username, the display name and the locale', async () => {
    const serial = `check-${user.username}`;
    const tokens = await signInViaApi(request, { email: user.email, password: newPassword }, serial);
    const me = (await (await request.get('/api/v1/me', { headers: bearer(tokens.accessToken, serial) })).json()) as {
      username: string;
      displayedUsername: string;
      locale: string;
    };
    expect(me).toMatchObject({ username: renamed, displayedUsername: displayed, locale: 'fr' });
  });

  await test.step('signing out ends the session', async () => {
    await signOutViaUi(page, 'fr');
    await page.goto('/studio/hall');
    await expect(page).toHaveURL(/\/users\/login/);
  });
  await context.close();
});
