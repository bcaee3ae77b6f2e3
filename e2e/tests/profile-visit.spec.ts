import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/**
 * Issue 29 point 6: every visit to a profile logged a 404, the lookup of a conversation the two musicians do not have
 * yet. Not having one is an answer: a visit asks nothing the server refuses, and the browser's console stays clean;
 * once they write to each other, the same lookup finds the conversation.
 */

/** Every answer of 400 or more and every console error of this page from now on. */
function failuresOf(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

const lookupOf = (page: Page) => page.waitForResponse((r) => r.url().includes('/conversations/lookup/'));

test("a visit to a musician's profile asks nothing the server refuses, before and after they write", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ana = await createConfirmedUser(request, { prefix: 'pva' });
  const ben = await createConfirmedUser(request, { prefix: 'pvb' });
  const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE.en });
  try {
    await logInViaUi(page, ana);
    const failures = failuresOf(page);

    // No conversation yet: the lookup answers that (200, null), and the profile offers to start one.
    const first = lookupOf(page);
    await page.goto(`/users/profiles/${ben.username}`);
    expect([(await first).status(), await (await first).json()]).toEqual([200, null]);
    const send = page.getByRole('button', { name: 'Send a message' });
    await expect(send).toBeVisible();
    await expectAccessible(page, 'a profile with no conversation yet');

    // Writing opens the conversation; back on the profile, the same lookup finds it.
    await send.click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const again = lookupOf(page);
    await page.goto(`/users/profiles/${ben.username}`);
    expect((await again).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Open our conversation' })).toBeVisible();

    expect(failures).toEqual([]);
  } finally {
    await context.close();
  }
});
