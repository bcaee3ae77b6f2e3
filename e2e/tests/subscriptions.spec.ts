import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product, ProductToken, Subscription } from '@tutti/contract/subscriptions';
import { createConfirmedUser, type Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { adminSession, type ApiSession } from '../support/sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser, WORDS } from '../support/ui.ts';

/** The subscription screens' words (apps/web/src/locales/<lang>/subscriptions.json and common.json). */
const W = {
  en: {
    manageOffer: 'Manage my offer',
    title: 'My offer',
    current: 'My subscription',
    none: 'You have no subscription',
    minutesLeft: /\d+ minutes? of open rehearsal left this month\./,
    removesLimit: /A subscription removes this limit/,
    offers: 'Offers',
    price: '€9.99 / month',
    trial: '1 month free',
    startTrial: 'Start my free trial',
    promoHeading: 'Use a promo code',
    promoTitle: 'Promo code',
    code: 'Promo code',
    apply: 'Apply',
    required: 'Please input your discount code.',
    unknown: 'This code does not exist or has expired. Check its spelling.',
    applied: (product: string, date: string) => `Code applied: ${product} until ${date}`,
    seeSubscription: 'See my subscription',
    active: 'Active',
    endsOn: (date: string) => `Ends on ${date}`,
    fromPromo: 'Given by a promo code',
  },
  fr: {
    manageOffer: 'Gérer mon offre',
    title: 'Mon offre',
    current: 'Mon abonnement',
    none: 'Vous n’avez pas d’abonnement',
    minutesLeft: /\d+ minutes? de répétition ouverte restantes? ce mois-ci\./,
    removesLimit: /Un abonnement supprime cette limite/,
    offers: 'Offres',
    price: '9,99 € / mois',
    trial: '1 mois offert',
    startTrial: 'Commencer mon essai gratuit',
    promoHeading: 'Utiliser un code promo',
    promoTitle: 'Code promo',
    code: 'Code promo',
    apply: 'Appliquer',
    required: 'Veuillez saisir votre code de réduction.',
    unknown: 'Ce code n’existe pas ou a expiré. Vérifiez son orthographe.',
    applied: (product: string, date: string) => `Code appliqué : ${product} jusqu’au ${date}`,
    seeSubscription: 'Voir mon abonnement',
    active: 'Actif',
    endsOn: (date: string) => `Se termine le ${date}`,
    fromPromo: 'Offert par un code promo',
  },
} as const;

const INTL: Record<Lang, string> = { en: 'en-GB', fr: 'fr-FR' };
/** The browser runs in UTC, so a date reads the same here and on the page. */
const ZONE = 'UTC';
const longDate = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(INTL[lang], { dateStyle: 'long', timeZone: ZONE }).format(new Date(iso));

async function post<T>(request: APIRequestContext, admin: ApiSession, path: string, data?: unknown): Promise<T> {
  const res = await request.post(`/api${path}`, { headers: admin.headers, data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** An administrator's set-up: a free product given by a 3-month promo code, and a paid offer with a month's trial. */
async function catalogue(request: APIRequestContext, tag: string) {
  const admin = await adminSession(request);
  const free = await post<Product>(request, admin, '/v1/products', {
    name: { en: `Gift ${tag}`, fr: `Cadeau ${tag}` },
    priceCents: 0,
    free: true,
  });
  const paid = await post<Product>(request, admin, '/v1/products', {
    name: { en: `Band ${tag}`, fr: `Groupe ${tag}` },
    description: { en: 'Unlimited open rehearsals.', fr: 'Répétitions ouvertes illimitées.' },
    priceCents: 999,
    trial: { length: 1, unit: 'month' },
  });
  await post<Product>(request, admin, `/v1/products/${paid.id}/enable`);
  const token = await post<ProductToken>(request, admin, '/v1/product-tokens', { productId: free.id, months: 3 });
  return { free, paid, code: token.code };
}

async function shoot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, name, lang);
}

for (const lang of ['en', 'fr'] as const) {
  test(`a musician sees the offers and uses a promo code (${lang})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const w = W[lang];
    const tag = Math.random().toString(36).slice(2, 7);
    const { free, paid, code } = await catalogue(request, tag);
    const user = await createConfirmedUser(request, { prefix: `sub${lang}`, locale: lang });
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: ZONE });
    await logInViaUi(page, user, { lang });

    // The user menu's "manage offer" (SPEC section 2) leads to the subscription screen.
    await page.getByRole('button', { name: WORDS[lang].userMenu }).click();
    await page.getByRole('menuitem', { name: w.manageOffer }).click();
    await expect(page).toHaveURL(/\/me\/subscription$/);
    await expect(page).toHaveTitle(`${w.title} | Tutti`);
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();

    // No subscription yet: the free minutes left and what subscribing changes.
    const current = page.getByRole('region', { name: w.current });
    await expect(current.getByText(w.none)).toBeVisible();
    await expect(current.getByText(w.minutesLeft)).toBeVisible();
    await expect(current.getByText(w.removesLimit)).toBeVisible();

    // The paid offer, with its price in the page's language and its trial; the free product is not offered.
    const offers = page.getByRole('region', { name: w.offers });
    const offer = offers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: paid.name[lang] }) });
    await expect(offer).toBeVisible();
    await expect(offer.getByText(w.price)).toBeVisible();
    await expect(offer.getByText(w.trial)).toBeVisible();
    await expect(offer.getByRole('button', { name: w.startTrial })).toBeVisible();
    await expect(offers.getByText(free.name[lang])).toHaveCount(0);

    // An empty code: the spec's message, nothing sent; a wrong code: the server's refusal under the field.
    const field = page.getByRole('textbox', { name: w.code });
    await page.getByRole('button', { name: w.apply }).click();
    await expect(page.getByText(w.required)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill(`NOPE-${tag.toUpperCase()}`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/subscriptions/tokens/claim'));
    await page.getByRole('button', { name: w.apply }).click();
    expect((await refused).status()).toBe(404);
    await expect(page.getByText(w.unknown)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, `subscription, no subscription and a refused code (${lang})`);
    await shoot(page, 'subscription-free', lang);

    // The right code on /promo: what it gave and until when, then the way to the subscription.
    await page.goto('/promo');
    await expect(page).toHaveTitle(`${w.promoTitle} | Tutti`);
    await expect(page.getByRole('heading', { level: 1, name: w.promoHeading })).toBeVisible();
    await page.getByRole('textbox', { name: w.code }).fill(code);
    const claimed = page.waitForResponse((r) => r.url().endsWith('/api/v1/subscriptions/tokens/claim'));
    await page.getByRole('button', { name: w.apply }).click();
    const answer = await claimed;
    expect(answer.status(), await answer.text()).toBe(200);
    const subscription = (await answer.json()) as Subscription;
    const until = longDate(subscription.currentPeriodEnd, lang);
    await expect(page.getByRole('status').filter({ hasText: w.applied(free.name[lang], until) })).toBeVisible();
    await expectAccessible(page, `promo code applied (${lang})`);
    await shoot(page, 'promo-applied', lang);

    await page.getByRole('link', { name: w.seeSubscription }).click();
    await expect(page).toHaveURL(/\/me\/subscription$/);
    await expect(current.getByRole('heading', { name: free.name[lang] })).toBeVisible();
    await expect(current.getByText(w.active, { exact: true })).toBeVisible();
    await expect(current.getByText(w.endsOn(until))).toBeVisible();
    await expect(current.getByText(w.fromPromo)).toBeVisible();
    await expect(current.getByText(w.none)).toHaveCount(0);
    await expectAccessible(page, `subscription from a promo code (${lang})`);
    await shoot(page, 'subscription-promo', lang);

    await context.close();
  });
}
