import type { Invoice } from '@tutti/contract/payments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/modules/accounts/accounts.schema.ts';
import { invoices } from '../src/modules/subscriptions/billing.schema.ts';
import { call, type TestApp } from './support/app.ts';
import { freshCardNumber, paidProduct, saveCard, subscribe } from './support/payments.ts';
import { pdfText } from './support/pdf-text.ts';
import { databases } from './support/databases.ts';
import { newAdmin, sessionsSuite } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

// Issue 29, point 3: what an invoice must carry in the EU and France, in the musician's language.
const SELLER = {
  SELLER_NAME: 'Tutti Musique SAS',
  SELLER_ADDRESS: '12 rue des Lilas\\n75011 Paris',
  SELLER_REGISTRATION_NUMBER: 'RCS Paris 912 345 678',
  SELLER_VAT_NUMBER: 'FR32912345678',
};

/** Spaces as a reader sees them: the no-break spaces of French amounts and colons print as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A musician in `locale` from France pays €9.99 at once: their invoice, its PDF's text and the receipt's text. */
async function paidInvoice(t: TestApp, admin: SignedInUser, locale: 'en' | 'fr') {
  const user = await createUser(t);
  await t.app.tutti.database.db.update(accounts).set({ locale, countryCode: 'FR' }).where(eq(accounts.id, user.id));
  const product = await paidProduct(t, admin, { priceCents: 999, trial: null });
  await saveCard(t, user, freshCardNumber());
  expect((await subscribe(t, user, product.id)).status).toBe(201);
  const [invoice] = (await call<Invoice[]>(t, 'GET', 'v1/me/payments/invoices', { token: user.accessToken })).json;
  const pdf = await t.app.inject({ method: 'GET', url: invoice!.pdfUrl });
  expect(pdf.statusCode).toBe(200);
  const receipt = t.mail.lastTo(user.email);
  expect(receipt?.subject).toMatch(invoice!.number);
  return { user, invoice: invoice!, pdf: plain(await pdfText(pdf.rawPayload)), mail: plain(receipt!.text) };
}

describe.each(databases())('invoices with VAT on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin], { ...SELLER, VAT_RATE: '20' });

  it('state the seller, the buyer, the number and HT / TVA / TTC in English', async () => {
    const { user, invoice, pdf, mail } = await paidInvoice(h.t, admin!, 'en');
    for (const text of [pdf, mail]) {
      expect(text).toContain('Tutti Musique SAS');
      expect(text).toContain('12 rue des Lilas');
      expect(text).toContain('75011 Paris');
      expect(text).toContain('Registration number: RCS Paris 912 345 678');
      expect(text).toContain('VAT number: FR32912345678');
      expect(text).toContain(invoice.number);
    }
    expect(pdf).toContain(`Invoice ${invoice.number}`);
    expect(pdf).toContain(user.username);
    expect(pdf).toContain('France');
    // 9.99 VAT included at 20 %: 8.33 + 1.66.
    expect(pdf).toMatch(/Total excl\. VAT\s+€8\.33/);
    expect(pdf).toMatch(/VAT 20%\s+€1\.66/);
    expect(pdf).toMatch(/Total incl\. VAT\s+€9\.99/);
    expect(mail).toContain('Total excl. VAT: €8.33');
    expect(mail).toContain('VAT 20%: €1.66');
    expect(mail).toContain('Total incl. VAT: €9.99');
  });

  it('state them in French for a French-speaking musician', async () => {
    const { user, invoice, pdf, mail } = await paidInvoice(h.t, admin!, 'fr');
    for (const text of [pdf, mail]) {
      expect(text).toContain('Tutti Musique SAS');
      expect(text).toContain('N° d’immatriculation : RCS Paris 912 345 678');
      expect(text).toContain('N° de TVA intracommunautaire : FR32912345678');
    }
    expect(pdf).toContain(`Facture ${invoice.number}`);
    expect(pdf).toContain('Montant TTC');
    expect(pdf).toContain('Facturé à');
    expect(pdf).toContain(user.username);
    expect(pdf).toContain('France');
    expect(pdf).toMatch(/Total HT\s+8,33 €/);
    expect(pdf).toMatch(/TVA 20 %\s+1,66 €/);
    expect(pdf).toMatch(/Total TTC\s+9,99 €/);
    expect(mail).toContain('Total HT : 8,33 €');
    expect(mail).toContain('TVA 20 % : 1,66 €');
    expect(mail).toContain('Total TTC : 9,99 €');
  });

  it('keep what they stated when issued, whatever the settings become', async () => {
    const { invoice } = await paidInvoice(h.t, admin!, 'en');
    const { db } = h.t.app.tutti.database;
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.issuer).toEqual({
      seller: {
        name: 'Tutti Musique SAS',
        address: '12 rue des Lilas\n75011 Paris',
        registrationNumber: 'RCS Paris 912 345 678',
        vatNumber: 'FR32912345678',
        email: null,
      },
      vat: { rateBp: 2000 },
    });
    // Issued under earlier settings (another name, 10 %): the PDF prints those, not today's.
    await db
      .update(invoices)
      .set({
        issuer: { ...row!.issuer!, seller: { ...row!.issuer!.seller, name: 'Old Name SARL' }, vat: { rateBp: 1000 } },
      })
      .where(eq(invoices.id, invoice.id));
    const again = await h.t.app.inject({ method: 'GET', url: invoice.pdfUrl });
    const text = plain(await pdfText(again.rawPayload));
    expect(text).toContain('Old Name SARL');
    expect(text).not.toContain('Tutti Musique SAS');
    expect(text).toMatch(/Total excl\. VAT\s+€9\.08/);
    expect(text).toMatch(/VAT 10%\s+€0\.91/);
  });
});

describe('invoices without VAT', () => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(databases()[0]!, [newAdmin], {
    ...SELLER,
    SELLER_VAT_NUMBER: '',
    VAT_EXEMPTION: 'TVA non applicable, art. 293 B du CGI',
    VAT_EXEMPTION_EN: 'VAT not applicable, article 293 B of the French tax code',
  });

  it('print the total and the configured mention, in the musician’s language', async () => {
    const fr = await paidInvoice(h.t, admin!, 'fr');
    for (const text of [fr.pdf, fr.mail]) {
      expect(text).toContain('TVA non applicable, art. 293 B du CGI');
      expect(text).not.toMatch(/TVA 20|Total HT|TTC|N° de TVA/);
    }
    expect(fr.pdf).toMatch(/Total\s+9,99 €/);
    const en = await paidInvoice(h.t, admin!, 'en');
    expect(en.pdf).toContain('VAT not applicable, article 293 B of the French tax code');
    expect(en.mail).toContain('VAT not applicable, article 293 B of the French tax code');
    expect(en.pdf).not.toMatch(/excl\. VAT/);
  });
});
