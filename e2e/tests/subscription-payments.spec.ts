import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import {
  CARD_WORDS,
  CARDS,
  confirmWithPassword,
  fillCard,
  freshCardNumber,
  offer,
  offerCard,
  shootDialog,
  start,
} from '../support/payments.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';

/** The payment screens' words (apps/web/src/locales/<lang>/subscriptions.json). */
const W = {
  en: {
    ...CARD_WORDS.en,
    startTrial: 'Start my free trial',
    subscribe: 'Subscribe',
    save: 'Save the card',
    makeDefault: 'Make it my default card',
    freeUntil: /^Free until .+, then €9\.99 a month\.$/,
    pay: 'Subscribe – €9.99 today',
    welcome: (p: string) => `Welcome to ${p}!`,
    trialRuns: /^Your free trial runs until /,
    paid: /^€9\.99 paid\. Your subscription renews on /,
    backToHall: 'Back to the hall',
    close: 'Close',
    declined: 'Your bank declined this card. Nothing was charged: try another card.',
    useAnother: 'Use another card',
    cardBank: 'Your bank asks you to confirm this card',
    paymentBank: 'Your bank asks you to confirm this payment',
    confirm: 'Confirm',
    current: 'My subscription',
    trialUntil: /^Free trial until /,
    active: 'Active',
    cancel: 'Cancel my subscription',
    other: 'Other',
    more: 'Tell us more',
    left: /^\d+ characters left$/,
    endsOn: /^Ends on /,
    restore: 'Restore my subscription',
    renewsOn: /^Renews on /,
    billingTab: 'Billing',
    cards: 'My cards',
    invoices: 'Invoices',
    paidStatus: 'Paid',
    pdf: /^Invoice TUTTI-\d{4}-\d+ \(PDF, opens in a new tab\)$/,
  },
  fr: {
    ...CARD_WORDS.fr,
    startTrial: 'Commencer mon essai gratuit',
    subscribe: 'S’abonner',
    save: 'Enregistrer la carte',
    makeDefault: 'En faire ma carte par défaut',
    freeUntil: /^Gratuit jusqu’au .+, puis 9,99\s€ par mois\.$/,
    pay: /^M’abonner – 9,99\s€ aujourd’hui$/,
    welcome: (p: string) => `Bienvenue dans ${p} !`,
    trialRuns: /^Votre essai gratuit dure jusqu’au /,
    paid: /^9,99\s€ payés\. Votre abonnement se renouvelle le /,
    backToHall: 'Retour à l’accueil',
    close: 'Fermer',
    declined: 'Votre banque a refusé cette carte. Rien n’a été prélevé : essayez une autre carte.',
    useAnother: 'Utiliser une autre carte',
    cardBank: 'Votre banque vous demande de confirmer cette carte',
    paymentBank: 'Votre banque vous demande de confirmer ce paiement',
    confirm: 'Confirmer',
    current: 'Mon abonnement',
    trialUntil: /^Essai gratuit jusqu’au /,
    active: 'Actif',
    cancel: 'Résilier mon abonnement',
    other: 'Autre',
    more: 'Dites-nous en plus',
    left: /^\d+ caractères restants$/,
    endsOn: /^Se termine le /,
    restore: 'Rétablir mon abonnement',
    renewsOn: /^Se renouvelle le /,
    billingTab: 'Facturation',
    cards: 'Mes cartes',
    invoices: 'Factures',
    paidStatus: 'Payée',
    pdf: /^Facture TUTTI-\d{4}-\d+ \(PDF, s’ouvre dans un nouvel onglet\)$/,
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  test(`a free trial with a new card, then cancelled and restored (${lang})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const w = W[lang];
    const name = `Trial ${lang} ${Math.random().toString(36).slice(2, 7)}`;
    await offer(request, name, true);
    const { context, page, user } = await start(browser, request, lang);

    await offerCard(page, name).getByRole('button', { name: w.startTrial }).click();
    const dialog = page.getByRole('dialog');
    await fillCard(dialog, lang, freshCardNumber());
    await expectAccessible(page, `payment form (${lang})`);
    await shootDialog(page, 'payment-form', lang);
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByText(w.freeUntil)).toBeVisible();
    await expectAccessible(page, `subscription confirmation with password (${lang})`);
    await shootDialog(page, 'subscribe-confirm', lang);
    await confirmWithPassword(dialog, lang, user, w.startTrial);
    await expect(dialog.getByText(w.welcome(name))).toBeVisible();
    await expect(dialog.getByText(w.trialRuns)).toBeVisible();
    await expect(dialog.getByRole('link', { name: w.backToHall })).toBeVisible();
    await expectAccessible(page, `post-subscription confirmation (${lang})`);
    await shootDialog(page, 'subscribe-done', lang);
    await dialog.getByTestId('subscription-done').getByRole('button', { name: w.close }).click();

    const current = page.getByRole('region', { name: w.current });
    await expect(current.getByText(w.trialUntil)).toBeVisible();
    await expect(current.getByText(w.renewsOn)).toBeVisible();

    // Cancelling takes a reason (optional, "other" with its characters left) and no password; restoring undoes it.
    await current.getByRole('button', { name: w.cancel }).click();
    const cancel = page.getByRole('dialog', { name: w.cancel });
    await cancel.getByRole('radio', { name: w.other }).check();
    await cancel.getByRole('textbox', { name: w.more }).fill('Moving abroad for a year');
    await expect(cancel.getByText(w.left)).toBeVisible();
    await expectAccessible(page, `cancel dialog (${lang})`);
    await shootDialog(page, 'subscription-cancel', lang);
    const cancelled = page.waitForResponse((r) => r.url().includes('/cancel') && r.request().method() === 'POST');
    await cancel.getByRole('button', { name: w.cancel }).click();
    expect((await cancelled).status()).toBe(200);
    await expect(current.getByText(w.endsOn)).toBeVisible();
    await current.getByRole('button', { name: w.restore }).click();
    await expect(current.getByText(w.renewsOn)).toBeVisible();
    await expect(current.getByRole('button', { name: w.cancel })).toBeVisible();
    await expectAccessible(page, `trial subscription (${lang})`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtWidths(page, 'subscription-trial', lang);
    await context.close();
  });

  test(`a declined card, another one made the default, then the invoice and its PDF (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const w = W[lang];
    const name = `Paid ${lang} ${Math.random().toString(36).slice(2, 7)}`;
    await offer(request, name, false);
    const { context, page, user } = await start(browser, request, lang);

    await offerCard(page, name).getByRole('button', { name: w.subscribe, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await fillCard(dialog, lang, CARDS.failsWhenCharged);
    await dialog.getByRole('button', { name: w.save }).click();
    await confirmWithPassword(dialog, lang, user, w.pay);
    await expect(dialog.getByRole('alert')).toHaveText(w.declined);
    await expectAccessible(page, `declined payment (${lang})`);
    await shootDialog(page, 'subscribe-declined', lang);

    await dialog.getByRole('button', { name: w.useAnother }).click();
    await fillCard(dialog, lang, CARDS.ok);
    await dialog.getByRole('checkbox', { name: w.makeDefault }).check();
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByText('Visa •••• 4242')).toBeVisible();
    await confirmWithPassword(dialog, lang, user, w.pay);
    await expect(dialog.getByText(w.paid)).toBeVisible();
    await dialog.getByTestId('subscription-done').getByRole('button', { name: w.close }).click();
    await expect(page.getByRole('region', { name: w.current }).getByText(w.active, { exact: true })).toBeVisible();

    // The billing tab: both cards, 4242 the default, and the paid invoice with its PDF.
    await page.goto('/me/preferences?tab=billing');
    await expect(page.getByRole('tab', { name: w.billingTab })).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByRole('region', { name: w.cards });
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    const invoices = page.getByRole('region', { name: w.invoices });
    const row = invoices.getByRole('row').nth(1);
    await expect(row.getByText(w.paidStatus, { exact: true })).toBeVisible();
    const number = (await row.getByText(/^TUTTI-\d{4}-\d+$/).textContent())!;
    const link = row.getByRole('link', { name: w.pdf });
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState('domcontentloaded').catch(() => undefined);
    expect(tab.url()).toContain('/pdf');
    await tab.close();
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
    const content = await (await doc.getPage(1)).getTextContent({ disableNormalization: true });
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain(number);
    expect(text).toContain(name);
    await expectAccessible(page, `billing tab (${lang})`);
    await screenshotAtWidths(page, 'billing-tab', lang);
    await context.close();
  });

  test(`a card and a payment the bank asks to confirm (${lang})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const w = W[lang];
    const name = `Secure ${lang} ${Math.random().toString(36).slice(2, 7)}`;
    await offer(request, name, false);
    const { context, page, user } = await start(browser, request, lang);

    await offerCard(page, name).getByRole('button', { name: w.subscribe, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await fillCard(dialog, lang, CARDS.authentication);
    await dialog.getByRole('button', { name: w.save }).click();
    const cardBank = dialog.getByRole('group', { name: w.cardBank });
    await expect(cardBank).toBeVisible();
    await cardBank.getByRole('button', { name: w.confirm }).click();
    await confirmWithPassword(dialog, lang, user, w.pay);
    const paymentBank = dialog.getByRole('group', { name: w.paymentBank });
    await expect(paymentBank).toBeVisible();
    await expectAccessible(page, `bank confirmation (${lang})`);
    await shootDialog(page, 'subscribe-bank', lang);
    const validated = page.waitForResponse((r) => r.url().endsWith('/validate'));
    await paymentBank.getByRole('button', { name: w.confirm }).click();
    expect((await validated).status()).toBe(200);
    await expect(dialog.getByText(w.paid)).toBeVisible();
    await dialog.getByTestId('subscription-done').getByRole('button', { name: w.close }).click();
    await expect(page.getByRole('region', { name: w.current }).getByText(w.active, { exact: true })).toBeVisible();
    await context.close();
  });
}
