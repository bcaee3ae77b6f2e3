import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../support/api.ts';
import { frenchAdmin, lookAtAdminScreen } from '../support/admin.ts';
import { ADMIN, adminSession, apiSessionOf } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, WORDS } from '../support/ui.ts';

/** The accounts administration's words (apps/web/src/locales/<lang>/admin.json, community.json). */
const W = {
  en: {
    administration: 'Administration',
    dashboard: 'Dashboard',
    server: 'Server',
    embedded: 'Embedded (PGlite)',
    unknown: 'Not known',
    accounts: 'Accounts',
    auditLog: 'Audit log',
    chart: 'Sign-ups per day, last 90 days',
    search: 'Search',
    account: (username: string) => `Account ${username}`,
    tester: 'Tester (test rehearsals) (TUTTI_MU)',
    save: 'Save the privileges',
    saved: 'Privileges saved.',
    verified: /Verified badge/,
    verifiedMark: 'Verified musician',
    privilegesChanged: 'Privileges changed',
    verifiedChanged: 'Verified badge changed',
    title: (page: string) => `${page} · Administration | Tutti`,
  },
  fr: {
    administration: 'Administration',
    dashboard: 'Tableau de bord',
    server: 'Serveur',
    embedded: 'Intégrée (PGlite)',
    unknown: 'Inconnu',
    accounts: 'Comptes',
    auditLog: 'Journal d’audit',
    chart: 'Inscriptions par jour, 90 derniers jours',
    search: 'Rechercher',
    account: (username: string) => `Compte ${username}`,
    tester: 'Testeur (répétitions de test) (TUTTI_MU)',
    save: 'Enregistrer les privilèges',
    saved: 'Privilèges enregistrés.',
    verified: /Badge vérifié/,
    verifiedMark: 'Musicien vérifié',
    privilegesChanged: 'Privilèges modifiés',
    verifiedChanged: 'Badge vérifié modifié',
    title: (page: string) => `${page} · Administration | Tutti`,
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`the administrator grants a privilege and the verified badge, and reads both in the audit log (${lang})`, async ({
    browser,
    request,
  }) => {
    // Four screens, each checked with axe and shot at two widths, on a busy 2-core machine.
    test.setTimeout(300_000);
    const w = W[lang];
    if (lang === 'en') await adminSession(request);
    const admin = lang === 'en' ? ADMIN : await frenchAdmin(request);
    const musician = await createConfirmedUser(request, { prefix: `acc${lang}` });
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    await logInViaUi(page, admin, { lang });

    // The user menu's Administration opens the dashboard: the figures and the 90-day chart.
    await page.getByRole('button', { name: WORDS[lang].userMenu }).click();
    await page.getByRole('menuitem', { name: w.administration }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page).toHaveTitle(w.title(w.dashboard));
    await expect(page.getByRole('img', { name: w.chart })).toBeVisible();
    // The server card, asked with the administrator's token: its version, start and engines, none "Not known".
    const server = page.getByRole('region', { name: w.server });
    await expect(server.getByText(w.embedded)).toBeVisible();
    await expect(server.getByText(w.unknown)).toHaveCount(0);
    await lookAtAdminScreen(page, 'admin-dashboard', lang, 'dashboard');

    // The accounts: the search lands in the address.
    const nav = page.getByRole('navigation', { name: w.administration });
    await nav.getByRole('link', { name: w.accounts }).click();
    await page.getByRole('searchbox', { name: w.search }).fill(musician.username);
    await page.getByRole('button', { name: w.search, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${musician.username}`));
    const link = page.getByRole('link', { name: musician.username, exact: true });
    await expect(link).toBeVisible();
    await lookAtAdminScreen(page, 'admin-accounts', lang, 'accounts');

    // The account: a privilege granted, the verified badge on.
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: w.account(musician.username) })).toBeVisible();
    await page.getByRole('checkbox', { name: w.tester }).check();
    await page.getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.saved)).toBeVisible();
    const verified = page.getByRole('switch', { name: w.verified });
    await verified.click({ force: true });
    await expect(verified).toBeChecked();
    await lookAtAdminScreen(page, 'admin-account', lang, 'account');

    // The profile shows the badge.
    await page.goto(`/users/profiles/${musician.username}`);
    await expect(page.getByRole('img', { name: w.verifiedMark }).first()).toBeVisible();

    // The audit log, about this musician: both changes, by this administrator.
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: w.auditLog })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: musician.username });
    await expect(rows.filter({ hasText: w.privilegesChanged })).toHaveCount(1);
    await expect(rows.filter({ hasText: w.verifiedChanged })).toHaveCount(1);
    await expect(rows.first()).toContainText(admin.username);
    await lookAtAdminScreen(page, 'admin-audit-log', lang, 'audit log');
    await context.close();
  });
}

test('a musician gets the not-found page on every administration screen, and 403 from its calls', async ({
  browser,
  request,
}) => {
  const musician = await createConfirmedUser(request, { prefix: 'noaccadmin' });
  const api = await apiSessionOf(request, musician);
  for (const path of ['v1/accounts', 'v1/accounts/stats', 'v1/audit-log', `v1/devices/accounts/${api.accountId}`]) {
    expect((await request.get(`/api/${path}`, { headers: api.headers })).status(), path).toBe(403);
  }
  const { context, page } = await openBrowser(browser);
  await logInViaUi(page, musician);
  for (const path of ['/admin/accounts', '/admin/dashboard', '/admin/audit-log', '/admin/accounts/x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: WORDS.en.pageNotFound })).toBeVisible();
    await expect(page.getByRole('navigation', { name: W.en.administration })).toHaveCount(0);
  }
  await context.close();
});
