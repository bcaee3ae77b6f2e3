import { expect, test } from '@playwright/test';
import { frenchAdmin, lookAtAdminScreen } from '../support/admin.ts';
import { ADMIN, adminSession } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/** The administration's words (apps/web/src/locales/<lang>/admin.json, subscriptions-admin.json). */
const W = {
  en: {
    administration: 'Administration',
    incidents: 'Payment incidents',
    compare: 'Compare now',
    checked: /payments? checked\. New incidents: \d+\. Payments settled: \d+\./,
  },
  fr: {
    administration: 'Administration',
    incidents: 'Écarts de paiement',
    compare: 'Comparer maintenant',
    checked: /paiements? vérifiés?\. Nouveaux écarts\s: \d+\. Paiements réglés\s: \d+\./,
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`the administrator compares the payments with the payment service (${lang})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const w = W[lang];
    if (lang === 'en') await adminSession(request);
    const admin = lang === 'en' ? ADMIN : await frenchAdmin(request);
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    await logInViaUi(page, admin, { lang });
    await page.goto('/admin/dashboard');
    const nav = page.getByRole('navigation', { name: w.administration });
    await nav.getByRole('link', { name: w.incidents }).click();
    await expect(page).toHaveURL(/\/admin\/payment-incidents$/);
    await expect(page.getByRole('heading', { level: 1, name: w.incidents })).toBeVisible();
    await page.getByRole('button', { name: w.compare }).click();
    await expect(page.getByRole('status').filter({ hasText: w.checked })).toBeVisible();
    await lookAtAdminScreen(page, 'admin-payment-incidents', lang, 'payment incidents');
    await context.close();
  });
}
