import { expect, test } from '@playwright/test';
import { frenchAdmin, lookAtAdminScreen } from '../support/admin.ts';
import { ADMIN, adminSession } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from '../support/ui.ts';

/** The room servers administration's words (apps/web/src/locales/<lang>/admin.json). */
const W = {
  en: {
    nav: 'Room servers',
    servers: 'Room servers',
    check: 'Check health',
    answered: /^Answered: \d+ room\(s\) open$/,
    addRegion: 'Add the region',
    code: /Code/,
    name: /Name/,
    latitude: /Latitude/,
    longitude: /Longitude/,
    added: (name: string) => `The region ${name} is added.`,
    deleteOf: (name: string) => `Delete the region ${name}`,
    confirmTitle: (name: string) => `Delete the region ${name}?`,
    confirm: 'Delete the region',
    deleted: (name: string) => `The region ${name} is deleted.`,
  },
  fr: {
    nav: 'Serveurs de salles',
    servers: 'Serveurs de salles',
    check: 'Vérifier',
    answered: /^A répondu : \d+ salle\(s\) ouverte\(s\)$/,
    addRegion: 'Ajouter la région',
    code: /Code/,
    name: /Nom/,
    latitude: /Latitude/,
    longitude: /Longitude/,
    added: (name: string) => `La région ${name} est ajoutée.`,
    deleteOf: (name: string) => `Supprimer la région ${name}`,
    confirmTitle: (name: string) => `Supprimer la région ${name} ?`,
    confirm: 'Supprimer la région',
    deleted: (name: string) => `La région ${name} est supprimée.`,
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`the administrator checks the room server's health and adds then removes a region (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = W[lang];
    if (lang === 'en') await adminSession(request);
    const admin = lang === 'en' ? ADMIN : await frenchAdmin(request);
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    await logInViaUi(page, admin, { lang });
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: w.nav }).click();
    await expect(page).toHaveURL(/\/admin\/rooms$/);

    // The server this instance registered at start answers its health check. Not paused here: the other journeys
    // running beside this one get their rooms from it.
    const servers = page.getByRole('region', { name: w.servers });
    const row = servers.getByRole('row').nth(1);
    await row.getByRole('button', { name: w.check }).click();
    await expect(row.getByText(w.answered)).toBeVisible();

    const stamp = Date.now().toString(36);
    const name = `Test ${lang} ${stamp}`;
    const form = page.getByRole('form', { name: w.addRegion });
    await form.getByRole('textbox', { name: w.code }).fill(`t-${lang}-${stamp}`);
    await form.getByRole('textbox', { name: w.name }).fill(name);
    await form.getByRole('textbox', { name: w.latitude }).fill('45.76');
    await form.getByRole('textbox', { name: w.longitude }).fill('4.83');
    await form.getByRole('button', { name: w.addRegion }).click();
    await expect(page.getByRole('status').filter({ hasText: w.added(name) })).toBeVisible();
    await lookAtAdminScreen(page, 'admin-rooms', lang, 'room servers');

    await page.getByRole('button', { name: w.deleteOf(name) }).click();
    await page
      .getByRole('dialog', { name: w.confirmTitle(name) })
      .getByRole('button', { name: w.confirm })
      .click();
    await expect(page.getByRole('status').filter({ hasText: w.deleted(name) })).toBeVisible();
    await expect(page.getByRole('button', { name: w.deleteOf(name) })).toHaveCount(0);
    await context.close();
  });
}
