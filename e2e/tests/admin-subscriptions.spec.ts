import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { ProductToken } from '@tutti/contract/subscriptions';
import { createConfirmedUser, type Lang } from '../support/api.ts';
import { frenchAdmin } from '../support/admin.ts';
import { expectAccessible } from '../support/a11y.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { ADMIN, adminSession, apiSessionOf } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, WORDS } from '../support/ui.ts';

/** The administration's words (apps/web/src/locales/<lang>/admin.json, subscriptions-admin.json, common.json). */
const W = {
  en: {
    administration: 'Administration',
    products: 'Products',
    promoCodes: 'Promo codes',
    subscriptions: 'Subscriptions',
    searchMusician: 'Musician',
    search: 'Search',
    sortByMusician: 'Sort by Musician',
    title: (page: string) => `${page} · Administration | Tutti`,
    newProduct: 'New product',
    nameEn: /^Name in English/,
    nameFr: /^Name in French/,
    price: /^Price per month/,
    trial: 'Free trial',
    trialLength: /^Trial length/,
    createProduct: 'Create the product',
    priceTooLow: 'A paid product costs at least €0.50 a month.',
    productPrice: '€7.50 / month',
    trialText: '14 days',
    disabled: 'Disabled',
    enabled: 'Enabled',
    enable: (name: string) => `Enable ${name}`,
    newCode: 'New promo code',
    code: /^Code/,
    product: /^Product/,
    months: /^Months given/,
    several: 'Several uses',
    maxUses: /^How many musicians/,
    createCode: 'Create the code',
    codeCreated: (code: string) => `The code ${code} was created.`,
    codeTaken: 'This code exists already: choose another one.',
    uses: '0 / 5',
    show: 'Show',
    active: 'Active',
    statusActive: 'Active',
    fromPromo: 'Promo code',
  },
  fr: {
    administration: 'Administration',
    products: 'Produits',
    promoCodes: 'Codes promo',
    subscriptions: 'Abonnements',
    searchMusician: 'Musicien',
    search: 'Rechercher',
    sortByMusician: 'Trier par Musicien',
    title: (page: string) => `${page} · Administration | Tutti`,
    newProduct: 'Nouveau produit',
    nameEn: /^Nom en anglais/,
    nameFr: /^Nom en français/,
    price: /^Prix par mois/,
    trial: 'Essai gratuit',
    trialLength: /^Durée de l’essai/,
    createProduct: 'Créer le produit',
    priceTooLow: 'Un produit payant coûte au moins 0,50\u00a0€ par mois.',
    productPrice: /^7,50\s€ \/ mois$/,
    trialText: '14 jours',
    disabled: 'Désactivé',
    enabled: 'Activé',
    enable: (name: string) => `Activer ${name}`,
    newCode: 'Nouveau code promo',
    code: /^Code/,
    product: /^Produit/,
    months: /^Mois offerts/,
    several: 'Plusieurs usages',
    maxUses: /^Nombre de musiciens/,
    createCode: 'Créer le code',
    codeCreated: (code: string) => `Le code ${code} a été créé.`,
    codeTaken: 'Ce code existe déjà\u00a0: choisissez-en un autre.',
    uses: '0 / 5',
    show: 'Afficher',
    active: 'Actifs',
    statusActive: 'Actif',
    fromPromo: 'Code promo',
  },
} as const;

async function shoot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, name, lang);
}

for (const lang of ['en', 'fr'] as const) {
  test(`the administrator creates a product and a promo code, and sees the subscriptions (${lang})`, async ({
    browser,
    request,
  }) => {
    // Four screens, each checked with axe and shot at two widths: a long journey on a busy 2-core machine.
    test.setTimeout(300_000);
    const w = W[lang];
    // Both languages run at once and list each other's products: each tag is its own.
    const tag = `${lang.toUpperCase()}${randomUUID().slice(0, 5).toUpperCase()}`;
    const name = lang === 'en' ? `Quartet ${tag}` : `Quatuor ${tag}`;
    if (lang === 'en') await adminSession(request);
    const admin = lang === 'en' ? ADMIN : await frenchAdmin(request);
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
    await logInViaUi(page, admin, { lang });

    // The user menu's entry, for administrators only, leads to the administration (its dashboard, see
    // admin-accounts.spec.ts); its navigation to the products.
    await page.getByRole('button', { name: WORDS[lang].userMenu }).click();
    await page.getByRole('menuitem', { name: w.administration }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const nav = page.getByRole('navigation', { name: w.administration });
    await nav.getByRole('link', { name: w.products }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page).toHaveTitle(w.title(w.products));
    await expect(page.getByRole('heading', { level: 1, name: w.products })).toBeVisible();
    await expect(nav.getByRole('link', { name: w.products })).toHaveAttribute('aria-current', 'page');

    // A new product: a price under the minimum is refused by the server, on the price field, in the page's language.
    await page.getByRole('button', { name: w.newProduct }).click();
    const dialog = page.getByRole('dialog', { name: w.newProduct });
    await dialog.getByLabel(w.nameEn).fill(`Quartet ${tag}`);
    await dialog.getByLabel(w.nameFr).fill(`Quatuor ${tag}`);
    const price = dialog.getByLabel(w.price);
    await price.fill('0.20');
    await dialog.getByLabel(w.trial).check();
    await dialog.getByLabel(w.trialLength).fill('14');
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/products') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: w.createProduct }).click();
    expect((await refused).status()).toBe(400);
    await expect(dialog.getByText(w.priceTooLow)).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, `product form with a refused price (${lang})`);
    await screenshotAtWidths(page, 'admin-product-form', lang);

    await price.fill(lang === 'en' ? '7.50' : '7,50');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/products') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: w.createProduct }).click();
    expect((await created).status()).toBe(201);
    await expect(dialog).toBeHidden();

    // Listed, disabled until enabled, with its price and trial in the reader's language.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText(w.productPrice)).toBeVisible();
    await expect(row.getByText(w.trialText)).toBeVisible();
    await expect(row.getByText(w.disabled, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: w.enable(name) }).click();
    await expect(row.getByText(w.enabled, { exact: true })).toBeVisible();
    await expectAccessible(page, `products (${lang})`);
    await shoot(page, 'admin-products', lang);

    // A promo code of several uses for it; the same code again is refused on the code field.
    await nav.getByRole('link', { name: w.promoCodes }).click();
    await expect(page).toHaveURL(/\/admin\/promo-codes$/);
    await expect(page).toHaveTitle(w.title(w.promoCodes));
    const code = `E2E-${tag}`;
    const fillCodeForm = async () => {
      await page.getByRole('button', { name: w.newCode }).click();
      const form = page.getByRole('dialog', { name: w.newCode });
      await form.getByLabel(w.code).fill(code.toLowerCase());
      await form.getByLabel(w.product).selectOption({ label: name });
      await form.getByLabel(w.months).fill('2');
      await form.getByLabel(w.several).check();
      await form.getByLabel(w.maxUses).fill('5');
      return form;
    };
    let form = await fillCodeForm();
    const tokenAnswer = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/product-tokens') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: w.createCode }).click();
    const token = (await (await tokenAnswer).json()) as ProductToken;
    expect(token).toMatchObject({ code, months: 2, maxUses: 5, uses: 0 });
    await expect(page.getByRole('status').filter({ hasText: w.codeCreated(code) })).toBeVisible();
    const tokenRow = page.getByRole('row').filter({ hasText: code });
    await expect(tokenRow.getByText(name)).toBeVisible();
    await expect(tokenRow.getByText(w.uses)).toBeVisible();

    form = await fillCodeForm();
    await form.getByRole('button', { name: w.createCode }).click();
    await expect(form.getByText(w.codeTaken)).toBeVisible();
    await expect(form.getByLabel(w.code)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, `promo code form, code taken (${lang})`);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expectAccessible(page, `promo codes (${lang})`);
    await shoot(page, 'admin-promo-codes', lang);

    // A musician uses the code: the subscriptions list, filtered to the active ones, shows it.
    const musician = await createConfirmedUser(request, { prefix: `adm${lang}` });
    const api = await apiSessionOf(request, musician);
    const claim = await request.post('/api/v1/subscriptions/tokens/claim', { headers: api.headers, data: { code } });
    expect(claim.status(), await claim.text()).toBe(200);

    await nav.getByRole('link', { name: w.subscriptions }).click();
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    await expect(page).toHaveTitle(w.title(w.subscriptions));
    await page.getByLabel(w.show, { exact: true }).selectOption({ label: w.active });
    await expect(page).toHaveURL(/\/admin\/subscriptions\?filter=active$/);
    const subscription = page.getByRole('row').filter({ hasText: musician.email });
    await expect(subscription.getByText(musician.username, { exact: true })).toBeVisible();
    await expect(subscription.getByText(name)).toBeVisible();
    await expect(subscription.getByText(w.statusActive, { exact: true })).toBeVisible();
    await expect(subscription.getByText(w.fromPromo, { exact: true })).toBeVisible();
    // The filter stays in the address: a reload shows the same list.
    await page.reload();
    await expect(page.getByLabel(w.show, { exact: true })).toHaveValue('active');
    await expect(subscription).toBeVisible();
    // The musician's subscriptions found by email, sorted by musician: all of it in the address too.
    await page.getByRole('searchbox', { name: w.searchMusician }).fill(musician.email);
    await page.getByRole('button', { name: w.search, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`filter=active&q=${encodeURIComponent(musician.email)}$`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(subscription).toBeVisible();
    await page.getByRole('button', { name: w.sortByMusician }).click();
    await expect(page).toHaveURL(/&sort=username&order=asc$/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: w.searchMusician })).toHaveValue(musician.email);
    await expect(subscription).toBeVisible();
    await expectAccessible(page, `subscriptions, active ones (${lang})`);
    await shoot(page, 'admin-subscriptions', lang);

    await context.close();
  });
}

test('a musician has no administration: no menu entry, and /admin/products is the not-found page', async ({
  browser,
  request,
}) => {
  const musician = await createConfirmedUser(request, { prefix: 'noadmin' });
  const { context, page } = await openBrowser(browser);
  await logInViaUi(page, musician);
  await page.getByRole('button', { name: WORDS.en.userMenu }).click();
  await expect(page.getByRole('menuitem', { name: WORDS.en.preferences })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: W.en.administration })).toHaveCount(0);
  await page.keyboard.press('Escape');

  for (const path of ['/admin/products', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: WORDS.en.pageNotFound })).toBeVisible();
    await expect(page.getByRole('navigation', { name: W.en.administration })).toHaveCount(0);
  }
  await context.close();
});
