import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/**
 * Issue 29, point 2: the e2e server starts on a wiped data folder with the embedded defaults (no DEFAULT_OFFER
 * setting), as a new install does, so its seeded offer is there whatever the other journeys add: the free-minutes
 * line's link leads to something a musician can buy.
 */
const W = {
  en: {
    subscribe: 'Subscribe to remove this limit',
    offers: 'Offers',
    name: 'Tutti Unlimited',
    price: '€9.99 / month',
    trial: '14 days free',
    startTrial: 'Start my free trial',
  },
  fr: {
    subscribe: 'Abonnez-vous pour supprimer cette limite',
    offers: 'Offres',
    name: 'Tutti Illimité',
    price: '9,99 € / mois',
    trial: '14 jours offerts',
    startTrial: 'Commencer mon essai gratuit',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`a fresh install offers its seeded monthly offer, with a trial (${lang})`, async ({ browser, request }) => {
    const w = W[lang];
    const user = await createConfirmedUser(request, { prefix: `offer${lang}`, locale: lang });
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    await logInViaUi(page, user, { lang });

    // The sessions page's free-minutes line leads to the offers.
    await page.goto('/studio/sessions');
    const subscribe = page.getByTestId('free-minutes').getByRole('link', { name: w.subscribe });
    await expect(subscribe).toBeVisible();
    await subscribe.click();
    await expect(page).toHaveURL(/\/me\/subscription$/);

    const offer = page
      .getByRole('region', { name: w.offers })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: w.name, exact: true }) });
    await expect(offer).toHaveCount(1);
    await expect(offer.getByText(w.price)).toBeVisible();
    await expect(offer.getByText(w.trial)).toBeVisible();
    await expect(offer.getByRole('button', { name: w.startTrial })).toBeVisible();
    await expectAccessible(page, `the seeded offer (${lang})`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, 'offer-default', lang);
    await context.close();
  });
}
