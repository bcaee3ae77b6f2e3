import { expect, test, type Response } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { apiSessionOf, createOpenRehearsalViaApi } from '../support/sessions.ts';
import { logInViaUi, signOutViaUi } from '../support/ui.ts';

test('signing out from a session page sends no request the server can only refuse', async ({ page, request }) => {
  const user = await createConfirmedUser(request, { prefix: 'out' });
  const session = await createOpenRehearsalViaApi(request, await apiSessionOf(request, user), {
    name: `Leaving ${Math.random().toString(36).slice(2, 6)}`,
    public: false,
  });
  await logInViaUi(page, user);
  await page.goto(`/studio/open-rehearsal/${session.id}`);
  await expect(page.getByRole('heading', { level: 1, name: session.name })).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);

  // The page being left still has its queries mounted when the session is cleared: none may go out without a token.
  const refused: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() === 401) refused.push(`${response.request().method()} ${response.url()}`);
  };
  page.on('response', onResponse);
  await signOutViaUi(page);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  page.off('response', onResponse);
  expect(refused).toEqual([]);
});
