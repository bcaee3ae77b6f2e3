// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- fontkit publishes no types: its ambient declaration, for every project that compiles this file
/// <reference path="../../types/fontkit.d.ts" />
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locale } from '@tutti/contract/common';
import { create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatEuros } from './billing.mail.ts';
import type { InvoiceRow } from './billing.schema.ts';
import { amountLines, countryName, labelled, sellerLines, type InvoiceIssuer } from './invoice-tax.ts';
import { formatBillingDate } from './subscriptions.mail.ts';

/**
 * Invoice PDFs (issue 12): pdfkit with DejaVu Sans embedded. pdfkit's built-in fonts are WinAnsi-encoded and print the
 * narrow no-break space of French amounts ("1 234,50 €") as a stray character; a Unicode TrueType font prints it.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
/**
 * The font, parsed once for every document: pdfkit parses a path or a buffer again for each one, and its glyph tables
 * again on each first layout, which made a PDF cost tens of milliseconds of CPU (10,000 receipts after a renewal run
 * spent most of their time there, bench/renewals.ts). pdfkit takes a parsed fontkit font as it is; each document
 * still embeds its own subset.
 */
let parsedFont: PDFKit.Mixins.PDFFontSource | undefined;
const bodyFont = () =>
  // @types/pdfkit lists paths and buffers only; pdfkit 0.20 also takes a fontkit font (anything with `layout`).
  (parsedFont ??= openFont(readFileSync(FONT)) as unknown as PDFKit.Mixins.PDFFontSource);

const STATUS: Record<Locale, Record<InvoiceRow['status'], string>> = {
  en: { paid: 'Paid', open: 'Waiting for payment', uncollectible: 'Payment failed', void: 'Canceled' },
  fr: { paid: 'Payée', open: 'En attente de paiement', uncollectible: 'Paiement en échec', void: 'Annulée' },
};

const WORDS = {
  en: {
    invoice: 'Invoice',
    date: 'Date',
    status: 'Status',
    billedTo: 'Billed to',
    description: 'Description',
    period: 'Period',
    amount: 'Amount',
    amountWithVat: 'Amount incl. VAT',
    paidOn: 'Paid on',
    monthly: 'monthly subscription',
  },
  fr: {
    invoice: 'Facture',
    date: 'Date',
    status: 'Statut',
    billedTo: 'Facturé à',
    description: 'Désignation',
    period: 'Période',
    amount: 'Montant',
    amountWithVat: 'Montant TTC',
    paidOn: 'Payée le',
    monthly: 'abonnement mensuel',
  },
} satisfies Record<Locale, Record<string, string>>;

/** The buyer, as the account says now: its name, email and country (ISO 3166 alpha-2, when given). */
export interface InvoiceParty {
  username: string;
  email: string;
  countryCode: string | null;
}

/** The invoice as a PDF in `locale`: the seller and VAT as `issuer` states them (the invoice's own, when kept). */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  buyer: InvoiceParty,
  issuer: InvoiceIssuer,
  locale: Locale,
): Promise<Buffer> {
  const { seller } = issuer;
  const w = WORDS[locale];
  const date = (d: Date) => formatBillingDate(locale, d);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // Instead of Helvetica, whose metrics pdfkit would read for each document and which is never used here.
    font: bodyFont() as unknown as string,
    info: { Title: `${w.invoice} ${invoice.number}`, Author: seller.name, Creator: 'Tutti' },
  });
  // One font (embedding each costs tens of milliseconds a document): headings stand out by size and colour.
  doc.registerFont('body', bodyFont());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const line = (label: string, value: string) => doc.text(labelled(locale, label, value));
  const [name, ...identity] = sellerLines(locale, seller);
  doc.font('body').fontSize(20).text(name!);
  doc.font('body').fontSize(10);
  for (const l of identity) doc.text(l);
  doc.moveDown(2);

  doc.font('body').fontSize(16).text(`${w.invoice} ${invoice.number}`);
  doc.font('body').fontSize(10).moveDown(0.5);
  line(w.date, date(invoice.createdAt));
  line(w.status, STATUS[locale][invoice.status]);
  if (invoice.paidAt) line(w.paidOn, date(invoice.paidAt));
  doc.moveDown();
  doc.font('body').text(w.billedTo);
  doc.font('body').text(buyer.username).text(buyer.email);
  if (buyer.countryCode) doc.text(countryName(locale, buyer.countryCode));
  doc.moveDown(2);

  const product = locale === 'fr' ? invoice.productNameFr : invoice.productNameEn;
  const top = doc.y;
  // Prices include VAT: the column says so, unless VAT does not apply.
  const amountHeading = 'rateBp' in issuer.vat ? w.amountWithVat : w.amount;
  doc.font('body').text(w.description, 56, top).text(amountHeading, 400, top, { width: 139, align: 'right' });
  doc
    .moveTo(56, doc.y + 4)
    .lineTo(539, doc.y + 4)
    .stroke();
  doc.moveDown();
  const row = doc.y;
  doc
    .font('body')
    .text(`${product}, ${w.monthly}`, 56, row, { width: 330 })
    .text(formatEuros(locale, invoice.amountCents), 400, row, { width: 139, align: 'right' });
  doc.x = 56;
  line(w.period, `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`);
  doc.moveDown();
  // HT, TVA and TTC (or the total and why no VAT applies), right-aligned under the amount.
  const { lines, mention } = amountLines(locale, invoice.amountCents, issuer.vat);
  for (const l of lines) {
    const y = doc.y;
    doc.text(l.label, 250, y, { width: 140, align: 'right' }).text(l.amount, 400, y, { width: 139, align: 'right' });
  }
  doc.x = 56;
  if (mention) doc.moveDown().text(mention, 56, doc.y, { width: 483 });
  doc.end();
  return done;
}

/**
 * The PDF's address is signed (an hour, one invoice, one account): the page opens it in a new tab, where no
 * Authorization header goes, and only whoever was given the list (the owner) holds a valid one.
 */
export function createInvoiceLinks(key: string | Buffer, now: () => Date) {
  const sign = (invoiceId: string, accountId: string, expires: number) =>
    createHmac('sha256', key).update(`invoice-pdf:${invoiceId}:${accountId}:${expires}`).digest('base64url');
  return {
    TTL_SECONDS: 3600,
    url(invoiceId: string, accountId: string): string {
      const expires = Math.floor(now().getTime() / 1000) + 3600;
      return `/api/invoices/${invoiceId}/pdf?a=${accountId}&e=${expires}&s=${sign(invoiceId, accountId, expires)}`;
    },
    /** The account the link was given to, or null for a forged or expired link. */
    verify(invoiceId: string, query: { a?: string; e?: string; s?: string }): string | null {
      const expires = Number(query.e);
      if (!query.a || !query.s || !Number.isInteger(expires)) return null;
      if (expires < now().getTime() / 1000) return null;
      const expected = Buffer.from(sign(invoiceId, query.a, expires));
      const given = Buffer.from(query.s);
      return given.length === expected.length && timingSafeEqual(given, expected) ? query.a : null;
    },
  };
}

export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>;
