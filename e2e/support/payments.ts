import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import type { Invoice } from '@tutti/contract/payments';
import type { Product } from '@tutti/contract/subscriptions';
import { createConfirmedUser, type Lang, type TestUser } from './api.ts';
import { WIDTHS } from './env.ts';
import { screenshot } from './screenshots.ts';
import { adminSession, apiSessionOf } from './sessions.ts';
import { BROWSER_LOCALE, logInViaUi, openBrowser } from './ui.ts';

/** The journeys' shared steps on the subscription and payment screens. */

/** The payment form's and the confirmation's field labels (apps/web/src/locales/<lang>/subscriptions.json). */
export const CARD_WORDS = {
  en: { number: /Card number/, expiry: /Expiry date/, cvc: /Security code/, password: /Your password/ },
  fr: {
    number: /Numéro de carte/,
    expiry: /Date d’expiration/,
    cvc: /Code de sécurité/,
    password: /Votre mot de passe/,
  },
} as const;

/** Stripe's test cards, which the sandbox answers alike. */
export const CARDS = {
  ok: '4242424242424242',
  failsWhenCharged: '4000000000000341',
  authentication: '4000002500003155',
};

/** A Visa number no one used yet (Luhn-valid, charged like 4242): a trial is once per card fingerprint, across the
 *  whole database. */
export function freshCardNumber(): string {
  const digits = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
  const sum = digits
    .slice()
    .reverse()
    .reduce((acc, d, i) => acc + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/** An administrator's offer, enabled: with a month's trial, or paid from the first month. */
export async function offer(
  request: APIRequestContext,
  name: string,
  trial: boolean,
  priceCents = 999,
): Promise<Product> {
  const admin = await adminSession(request);
  const created = await request.post('/api/v1/products', {
    headers: admin.headers,
    data: { name: { en: name, fr: name }, priceCents, trial: trial ? { length: 1, unit: 'month' } : null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Product;
  const enabled = await request.post(`/api/v1/products/${product.id}/enable`, { headers: admin.headers });
  expect(enabled.status()).toBe(200);
  return product;
}

/** An administrator changes an offer's price (its names and trial kept). */
export async function changePrice(request: APIRequestContext, product: Product, priceCents: number): Promise<void> {
  const admin = await adminSession(request);
  const res = await request.put(`/api/v1/products/${product.id}`, {
    headers: admin.headers,
    data: { name: product.name, description: product.description, priceCents, trial: product.trial },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new musician signed in on their subscription page, in their language. */
export async function start(browser: Browser, request: APIRequestContext, lang: Lang, prefix = `pay${lang}`) {
  const user = await createConfirmedUser(request, { prefix, locale: lang });
  const session = await openBrowser(browser, { locale: BROWSER_LOCALE[lang], timezoneId: 'UTC' });
  await logInViaUi(session.page, user, { lang });
  await session.page.goto('/me/subscription');
  return { ...session, user };
}

/** A musician's invoices, as the billing tab reads them: what they were charged. */
export async function invoicesOf(request: APIRequestContext, user: TestUser): Promise<Invoice[]> {
  const session = await apiSessionOf(request, user);
  const res = await request.get('/api/v1/me/payments/invoices', { headers: session.headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as Invoice[];
}

export const offerCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

export async function fillCard(dialog: Locator, lang: Lang, number: string): Promise<void> {
  const w = CARD_WORDS[lang];
  await dialog.getByRole('textbox', { name: w.number }).fill(number);
  await dialog.getByRole('textbox', { name: w.expiry }).fill('12/30');
  await dialog.getByRole('textbox', { name: w.cvc }).fill('123');
}

export async function confirmWithPassword(dialog: Locator, lang: Lang, user: TestUser, submit: string | RegExp) {
  await dialog.getByLabel(CARD_WORDS[lang].password).fill(user.password);
  await dialog.getByRole('button', { name: submit }).click();
}

/** The open dialog in the viewport (a fixed overlay), at both widths. */
export async function shootDialog(page: Page, name: string, lang: Lang): Promise<void> {
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, name, lang, width, { fullPage: false });
  }
  if (original) await page.setViewportSize(original);
}
