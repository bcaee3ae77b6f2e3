import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import {
  changePrice,
  confirmWithPassword,
  fillCard,
  freshCardNumber,
  invoicesOf,
  offer,
  offerCard,
  shootDialog,
  start,
} from '../support/payments.ts';

/**
 * Issue 29, "the amount confirmed is the amount charged": once a card is chosen the confirmation shows what the server
 * says this card and account pay today, the button says it, and a confirm for any other amount charges nothing.
 */
/** A literal amount in a pattern, any space matching any space. */
const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s');

const W = {
  en: {
    startTrial: 'Start my free trial',
    subscribe: 'Subscribe',
    save: 'Save the card',
    freeUntil: /^Free until .+, then €9\.99 a month\.$/,
    today: (p: string) => `${p} today, then ${p} a month.`,
    pay: (p: string) => `Subscribe – ${p} today`,
    noTrial: 'This card or your account has already had a free trial, so the first month is paid today.',
    trialStarted: (p: string) => `Your free trial of ${p} has started`,
    subscribed: (p: string) => `Your subscription to ${p} has started`,
    paid: (p: string) => new RegExp(`^${pattern(p)} paid\\. Your subscription renews on `),
    title: (p: string) => `Subscribe to ${p}`,
    changed: 'Nothing was charged: the amount due today is now €12.99, not €9.99. Check it and confirm again.',
  },
  fr: {
    startTrial: 'Commencer mon essai gratuit',
    subscribe: 'S’abonner',
    save: 'Enregistrer la carte',
    freeUntil: /^Gratuit jusqu’au .+, puis 9,99\s€ par mois\.$/,
    today: (p: string) => `${p} aujourd’hui, puis ${p} par mois.`,
    pay: (p: string) => `M’abonner – ${p} aujourd’hui`,
    noTrial: 'Cette carte ou votre compte a déjà eu un essai gratuit : le premier mois est payé aujourd’hui.',
    trialStarted: (p: string) => `Votre essai gratuit de ${p} a commencé`,
    subscribed: (p: string) => `Votre abonnement à ${p} a commencé`,
    paid: (p: string) => new RegExp(`^${pattern(p)} payés\\. Votre abonnement se renouvelle le `),
    title: (p: string) => `S’abonner à ${p}`,
    changed:
      'Rien n’a été débité : le montant dû aujourd’hui est désormais de 12,99 €, et non de 9,99 €. Vérifiez-le et confirmez à nouveau.',
  },
} as const;
/** Amounts as the page writes them (Intl puts a narrow no-break space before a French euro sign: Playwright's text
 *  and name matching read any space as one). */
const PRICE = { en: { old: '€9.99', new: '€12.99' }, fr: { old: '9,99 €', new: '12,99 €' } } as const;

for (const lang of ['en', 'fr'] as const) {
  test(`a card that had its trial on another account pays today, and says so before the confirm (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = W[lang];
    const price = PRICE[lang].old;
    const name = `Quote ${lang} ${Math.random().toString(36).slice(2, 7)}`;
    await offer(request, name, true);
    const number = freshCardNumber();

    // A starts the trial with the card.
    const a = await start(browser, request, lang, `quotea${lang}`);
    await offerCard(a.page, name).getByRole('button', { name: w.startTrial }).click();
    const aDialog = a.page.getByRole('dialog');
    await fillCard(aDialog, lang, number);
    await aDialog.getByRole('button', { name: w.save }).click();
    await expect(aDialog.getByText(w.freeUntil)).toBeVisible();
    await confirmWithPassword(aDialog, lang, a.user, w.startTrial);
    await expect(a.page.getByRole('dialog', { name: w.trialStarted(name) })).toBeVisible();
    await a.context.close();

    // B is offered the trial (B never had one), adds the same card: the page says it is paid today.
    const b = await start(browser, request, lang, `quoteb${lang}`);
    await offerCard(b.page, name).getByRole('button', { name: w.startTrial }).click();
    const dialog = b.page.getByRole('dialog');
    await fillCard(dialog, lang, number);
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByTestId('quote-summary')).toHaveText(w.today(price));
    await expect(dialog.getByText(w.freeUntil)).toHaveCount(0);
    await expect(dialog.getByText(w.noTrial)).toBeVisible();
    await expect(b.page.getByRole('dialog', { name: w.title(name) })).toBeVisible();
    await expectAccessible(b.page, `confirmation, paid today (${lang})`);
    await shootDialog(b.page, 'subscribe-quote-paid', lang);
    await confirmWithPassword(dialog, lang, b.user, w.pay(price));
    await expect(b.page.getByRole('dialog', { name: w.subscribed(name) })).toBeVisible();
    await expect(dialog.getByText(w.paid(price))).toBeVisible();
    await expectAccessible(b.page, `subscribed, paid (${lang})`);
    await shootDialog(b.page, 'subscribe-quote-done', lang);
    // Charged exactly what the page said.
    expect((await invoicesOf(request, b.user)).map((i) => [i.status, i.amountCents])).toEqual([['paid', 999]]);
    await b.context.close();
  });

  test(`a price changed between the quote and the confirm is refused, nothing charged (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const w = W[lang];
    const name = `Reprice ${lang} ${Math.random().toString(36).slice(2, 7)}`;
    const product = await offer(request, name, false);
    const c = await start(browser, request, lang, `quotec${lang}`);
    await offerCard(c.page, name).getByRole('button', { name: w.subscribe, exact: true }).click();
    const dialog = c.page.getByRole('dialog');
    await fillCard(dialog, lang, freshCardNumber());
    await dialog.getByRole('button', { name: w.save }).click();
    await expect(dialog.getByTestId('quote-summary')).toHaveText(w.today(PRICE[lang].old));

    await changePrice(request, product, 1299);
    const refused = c.page.waitForResponse((r) => r.url().endsWith('/api/v2/me/subscriptions'));
    await confirmWithPassword(dialog, lang, c.user, w.pay(PRICE[lang].old));
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByRole('alert')).toHaveText(w.changed);
    await expect(dialog.getByTestId('quote-summary')).toHaveText(w.today(PRICE[lang].new));
    expect(await invoicesOf(request, c.user)).toEqual([]);
    await expectAccessible(c.page, `amount changed (${lang})`);
    await shootDialog(c.page, 'subscribe-quote-changed', lang);

    // Confirming the new amount charges it, once.
    await dialog.getByRole('button', { name: w.pay(PRICE[lang].new) }).click();
    await expect(c.page.getByRole('dialog', { name: w.subscribed(name) })).toBeVisible();
    expect((await invoicesOf(request, c.user)).map((i) => [i.status, i.amountCents])).toEqual([['paid', 1299]]);
    await c.context.close();
  });
}
