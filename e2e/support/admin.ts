import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { agentHeader, confirmViaApi, errorCodeOf, type Lang, type TestUser } from './api.ts';
import { screenshotAtWidths } from './screenshots.ts';

/** The French administrator (an address of ADMIN_EMAILS in playwright.config.ts): the administration journeys in
 *  French sign in as this account, made once per server by whichever journey comes first. */
export const ADMIN_FR: TestUser = {
  email: 'admin-fr@e2e.tutti.local',
  password: 'e2e-admin-fr-password-7x',
  username: 'e2eadminfr',
  birthdate: '1980-01-01',
};

export async function frenchAdmin(request: APIRequestContext): Promise<TestUser> {
  const res = await request.post('/api/v1/accounts', { headers: agentHeader(), data: { ...ADMIN_FR, locale: 'fr' } });
  if (res.status() === 201) await confirmViaApi(request, ADMIN_FR);
  else expect(['EMAIL_TAKEN', 'USERNAME_TAKEN']).toContain(await errorCodeOf(res));
  return ADMIN_FR;
}

/** An administration screen looked at: axe, then shots at both widths from the top. */
export async function lookAtAdminScreen(page: Page, name: string, lang: Lang, what: string): Promise<void> {
  await expectAccessible(page, `${what} (${lang})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, name, lang);
}
