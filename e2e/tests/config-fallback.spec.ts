import { expect, test, type Page, type Route } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createConfirmedUser } from '../support/api.ts';
import { logInViaUi } from '../support/ui.ts';

/**
 * SPEC section 8: a missing or invalid config file means the defaults, and the default landing URL when the given
 * one is invalid. The browser is served a broken /config.json; the musician signs in all the same, and nothing on
 * the page speaks of it (the console does).
 */
const BROKEN_CONFIGS: { name: string; answer: (route: Route) => Promise<void>; warning: RegExp }[] = [
  {
    name: 'a config.json with invalid values',
    answer: (route) =>
      route.fulfill({
        json: {
          api_url: 42,
          landing_url: 'javascript:alert(1)',
          help_url: ['/help.html'],
          legal_url: '//evil.example',
        },
      }),
    warning: /landing_url is not a usable address \("javascript:alert\(1\)"\): \/ is used/,
  },
  {
    name: 'a landing URL that is not a URL',
    answer: (route) => route.fulfill({ json: { api_url: '/api/', landing_url: 'tutti home page' } }),
    warning: /landing_url is not a usable address \("tutti home page"\)/,
  },
  {
    name: 'a config.json that is not JSON',
    answer: (route) => route.fulfill({ contentType: 'application/json', body: '{"api_url": "/api/", landing_url' }),
    warning: /config\.json is not JSON: the defaults are used/,
  },
  {
    name: 'a config.json that is not an object',
    answer: (route) => route.fulfill({ json: ['/api/', 'https://tutti.example/'] }),
    warning: /config\.json is not an object \(array\)/,
  },
  {
    name: 'no config.json (404)',
    answer: (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
    warning: /config\.json answered 404: the defaults are used/,
  },
];

/** Serves the broken config.json to this page; collects what the console and the page's errors say. */
async function withBrokenConfig(page: Page, answer: (route: Route) => Promise<void>) {
  const warnings: string[] = [];
  const crashes: string[] = [];
  let served = 0;
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => crashes.push(error.message));
  await page.route('**/config.json', (route) => {
    served += 1;
    return answer(route);
  });
  return { warnings, crashes, served: () => served };
}

const siteLink = (page: Page) =>
  page.getByRole('contentinfo').getByRole('link', { name: /^© \d{4} Tutti \(website\)$/ });

for (const broken of BROKEN_CONFIGS) {
  test(`${broken.name}: the musician signs in, sees the hall, with the default addresses`, async ({
    page,
    request,
  }) => {
    const seen = await withBrokenConfig(page, broken.answer);
    const user = await createConfirmedUser(request, { prefix: 'cfg' });
    // The login page, the sign-in (through the default API address) and the hall's greeting.
    await logInViaUi(page, user);
    expect(seen.served()).toBeGreaterThan(0);

    // The landing link points at the default; the footer's other addresses are the defaults too.
    await expect(siteLink(page)).toHaveAttribute('href', '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /Online help/ })).toHaveAttribute('href', '/help.html');
    await expect(footer.getByRole('link', { name: /Legal mentions/ })).toHaveAttribute('href', '/legal.html');

    // Only the console knows: no crash, no word of it on the page.
    expect(seen.crashes).toEqual([]);
    expect(seen.warnings.filter((w) => w.startsWith('[config]'))).toEqual([expect.stringMatching(broken.warning)]);
    await expect(page.getByText(/config\.json|landing_url/)).toHaveCount(0);
  });
}

test('with an invalid landing URL, the default one leads back into the app, and the bright tutorial reads well', async ({
  page,
  request,
}) => {
  const seen = await withBrokenConfig(page, BROKEN_CONFIGS[0]!.answer);
  const user = await createConfirmedUser(request, { prefix: 'cfg' });
  await logInViaUi(page, user);

  // SPEC section 2: the tutorial is a bright modal (white surface, black text); axe finds nothing against it.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Tutorial' }).click();
  const tutorial = page.getByRole('dialog', { name: 'Tutorial' });
  await expect(tutorial).toBeVisible();
  await expect(tutorial).toHaveAttribute('data-bright', 'true');
  await expect(tutorial).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(tutorial).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expectAccessible(page, 'bright tutorial modal');
  await page.keyboard.press('Escape');
  await expect(tutorial).toHaveCount(0);

  // The default landing URL is the app's root: a signed-in musician lands in the hall again.
  await siteLink(page).click();
  await expect(page).toHaveURL(/\/studio\/hall$/);
  await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
  expect(seen.crashes).toEqual([]);
});
