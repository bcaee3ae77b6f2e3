import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { logInViaUi, openBrowser } from '../support/ui.ts';

/** Every CSP violation the page sees, recorded from its first script on. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test('pages load compressed scripts and raise no CSP report (no eval probe), signed out and in', async ({
  browser,
  request,
}) => {
  const { context, page } = await openBrowser(browser);
  const violations = await recordCspViolations(page);
  const scripts: { path: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      scripts.push({ path: url.pathname, encoding: response.headers()['content-encoding'] });
    }
  });

  await page.goto('/users/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  const user = await createConfirmedUser(request, { prefix: 'fast' });
  await logInViaUi(page, user);
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(0);
  // Chromium accepts br: every built script comes from its precompressed brotli copy.
  expect(scripts.filter((s) => s.encoding !== 'br')).toEqual([]);
  expect(await violations()).toEqual([]);
  await context.close();
});

/** Mantine's whole stylesheet, which every page loaded before each component brought its own (issue 9). */
const FULL_STYLESHEET_BYTES = 250_754;

test('the login page loads only the styles it uses, well under the full Mantine stylesheet', async ({ browser }) => {
  const { context, page } = await openBrowser(browser);
  const sheets: Promise<number>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.css')) {
      sheets.push(response.body().then((body) => body.length));
    }
  });
  await page.goto('/users/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sheets)).reduce((a, b) => a + b, 0);
  console.log(`login page stylesheets: ${sheets.length} files, ${bytes} bytes (uncompressed)`);
  expect(sheets.length).toBeGreaterThan(0);
  expect(bytes).toBeLessThan(FULL_STYLESHEET_BYTES / 3);
  // Still styled: the primary button is violet 7, Mantine's Button styles applied over UnstyledButton's.
  const button = page.getByRole('main').getByRole('button', { name: 'Log in', exact: true });
  await expect(button).toHaveCSS('background-color', 'rgb(112, 72, 232)');
  await context.close();
});

test('robots.txt, the favicon and the manifest are real files, linked from the page', async ({ request, browser }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('Disallow: /studio/');
  const ico = await request.get('/favicon.ico');
  expect(ico.headers()['content-type']).toMatch(/^image\//);
  const manifest = await request.get('/manifest.webmanifest');
  expect(await manifest.json()).toMatchObject({ name: 'Tutti', start_url: '/studio/hall' });

  const { context, page } = await openBrowser(browser);
  await page.goto('/users/login');
  for (const link of await page.locator('link[rel="manifest"], link[rel="icon"], link[rel="apple-touch-icon"]').all()) {
    const href = (await link.getAttribute('href')) ?? '';
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()['content-type'], href).not.toMatch(/^text\/html/);
  }
  await context.close();
});
