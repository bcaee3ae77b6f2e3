import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createConfirmedUser, newUser, signUpViaApi, type TestUser } from '../support/api.ts';
import { BASE_URL } from '../support/env.ts';
import { extractLink, waitForNewMail } from '../support/mail.ts';
import { apiSessionOf, createOpenRehearsalViaApi } from '../support/sessions.ts';
import { logInViaUi, openBrowser, submitLogin } from '../support/ui.ts';

/**
 * Issue 14, point 5: `/deeplink?to=…` (links in emails and from the audio client) opens the page it names, after
 * signing in (and confirming the email) when needed, never leaves the site, and leaves no step in the history.
 */

const deepLink = (to: string) => `/deeplink?to=${encodeURIComponent(to)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A conversation of `user` with a fresh musician, holding one message from them. */
async function conversationOf(request: APIRequestContext, user: TestUser): Promise<{ id: string; with: string }> {
  const me = await apiSessionOf(request, user);
  const penUser = await createConfirmedUser(request, { prefix: 'dlpen' });
  const pen = await apiSessionOf(request, penUser);
  const opened = await request.post('/api/v1/me/private-messages/conversations', {
    headers: me.headers,
    data: { accountId: pen.accountId },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { id } = (await opened.json()) as { id: string };
  const sent = await request.post(`/api/v1/me/private-messages/conversations/${id}`, {
    headers: pen.headers,
    data: { contents: 'Rehearsal at eight?', clientMessageId: randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { id, with: penUser.username };
}

test('a guest opening a deep link to a conversation signs in and lands in it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const user = await createConfirmedUser(request, { prefix: 'dlguest' });
  const conversation = await conversationOf(request, user);
  const { context, page } = await openBrowser(browser);
  try {
    await page.goto(deepLink(`/messages/${conversation.id}`));
    await expect(page).toHaveURL(/\/users\/login$/);
    await submitLogin(page, user);
    await expect(page).toHaveURL(new RegExp(`/messages/${conversation.id}$`), { timeout: 30_000 });
    // A loaded machine takes its time over the conversation's first load.
    await expect(page.getByRole('textbox', { name: `Message to ${conversation.with}` })).toBeVisible({
      timeout: 30_000,
    });
    // In the thread and as the list's preview.
    await expect(page.getByText('Rehearsal at eight?').first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a guest who confirms the email first still lands on the session the link names', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const organizer = await createConfirmedUser(request, { prefix: 'dlorg' });
  const name = `Deep link jam ${randomUUID().slice(0, 4)}`;
  const session = await createOpenRehearsalViaApi(request, await apiSessionOf(request, organizer), {
    name,
    public: true,
  });
  const newcomer = newUser('dlnew');
  await signUpViaApi(request, newcomer);
  const { context, page } = await openBrowser(browser);
  try {
    await page.goto(deepLink(`/studio/open-rehearsal/${session.id}`));
    await expect(page).toHaveURL(/\/users\/login$/);
    // Not confirmed yet: the login page says so; the confirmation email's link is opened, then its "Log in".
    await submitLogin(page, newcomer);
    await expect(page.getByText('Your account is not confirmed yet.')).toBeVisible();
    await page.goto(extractLink(await waitForNewMail(newcomer.email), 'validate-account'));
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/login$/);
    await submitLogin(page, newcomer);
    await expect(page).toHaveURL(new RegExp(`/studio/open-rehearsal/${session.id}$`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.close();
  }
});

test('a signed-in musician lands on the session at once, and Back skips the deep link', async ({
  browser,
  request,
}) => {
  const user = await createConfirmedUser(request, { prefix: 'dlmember' });
  const name = `Deep link set ${randomUUID().slice(0, 4)}`;
  const session = await createOpenRehearsalViaApi(request, await apiSessionOf(request, user), { name, public: false });
  const { context, page } = await openBrowser(browser);
  try {
    await logInViaUi(page, user);
    await page.goto(deepLink(`/studio/open-rehearsal/${session.id}`));
    await expect(page).toHaveURL(new RegExp(`/studio/open-rehearsal/${session.id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
    await page.goBack();
    await expect(page).toHaveURL(/\/studio\/hall$/);
    await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();

    // Kept query parameters of an allowed target; others dropped.
    await page.goto(deepLink('/me/preferences?tab=devices&next=https://evil.example'));
    await expect(page).toHaveURL(/\/me\/preferences\?tab=devices$/);
  } finally {
    await context.close();
  }
});

test('a deep link that points off-site, or anywhere not allowed, lands on the hall of this site', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000); // a dozen page loads on a loaded machine
  const user = await createConfirmedUser(request, { prefix: 'dlattack' });
  const { context, page } = await openBrowser(browser);
  const hall = new RegExp(`^${escape(new URL(BASE_URL).origin)}/studio/hall$`);
  try {
    await logInViaUi(page, user);
    // The raw query strings an attacker would write (not encoded by this test), then some encoded ones.
    for (const search of [
      'to=https://evil.example',
      'to=//evil.example',
      'to=/%2F%2Fevil.example',
      'to=%2F%252F%252Fevil.example',
      'to=/%5Cevil.example',
      'to=javascript:alert(1)',
      'to=%0A//evil.example',
      'to=/messages/../../admin',
      'to=/users/login',
      'to=',
      '',
    ]) {
      await page.goto(`/deeplink?${search}`);
      await expect(page, search).toHaveURL(hall);
      await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
    }
  } finally {
    await context.close();
  }
});
