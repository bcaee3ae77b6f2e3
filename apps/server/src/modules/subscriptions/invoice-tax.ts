import type { Locale } from '@tutti/contract/common';
import type { PaymentsConfig } from './payments/payments.config.ts';

/** "9,99 €" / "€9.99": an amount of integer cents of EUR in the reader's language. */
export const formatEuros = (locale: Locale, cents: number): string =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

/**
 * What an invoice must state in the EU and France besides the sale (issue 29, point 3): the seller's identity, and the
 * VAT (its rate, or the mention of why none applies). Kept on the invoice row when it is issued, so an invoice never
 * changes when the settings do.
 */
export type InvoiceIssuer = Pick<PaymentsConfig, 'seller' | 'vat'>;

/** The issuer of invoices issued now, from the settings. */
export function invoiceIssuer(payments: InvoiceIssuer): InvoiceIssuer {
  return { seller: { ...payments.seller }, vat: payments.vat };
}

export interface VatBreakdown {
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** Basis points (2000 = 20 %); null: VAT does not apply. */
  rateBp: number | null;
}

/** Prices are entered VAT included: net = round(gross / (1 + rate)), VAT = gross - net (so the lines add up). */
export function vatBreakdown(grossCents: number, vat: InvoiceIssuer['vat']): VatBreakdown {
  if (!('rateBp' in vat)) return { netCents: grossCents, vatCents: 0, grossCents, rateBp: null };
  const netCents = Math.round((grossCents * 10_000) / (10_000 + vat.rateBp));
  return { netCents, vatCents: grossCents - netCents, grossCents, rateBp: vat.rateBp };
}

const WORDS = {
  en: {
    net: 'Total excl. VAT',
    vat: (rate: string) => `VAT ${rate}`,
    gross: 'Total incl. VAT',
    total: 'Total',
    registration: 'Registration number',
    vatNumber: 'VAT number',
    seller: 'Seller',
  },
  fr: {
    net: 'Total HT',
    vat: (rate: string) => `TVA ${rate}`,
    gross: 'Total TTC',
    total: 'Total',
    registration: 'N° d’immatriculation',
    vatNumber: 'N° de TVA intracommunautaire',
    seller: 'Vendeur',
  },
} as const;

/** "Label: value" in the reader's language (French puts a no-break space before the colon). */
export const labelled = (locale: Locale, label: string, value: string): string =>
  `${label}${locale === 'fr' ? '\u00a0: ' : ': '}${value}`;

/** "20 %" / "20%", "5,5 %" / "5.5%". */
const percent = (locale: Locale, rateBp: number) =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { style: 'percent', maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );

/** The amount lines of an invoice, as the PDF and the receipt email print them: net, VAT and gross (HT, TVA, TTC),
 *  or the total and the exemption mention. */
export function amountLines(
  locale: Locale,
  grossCents: number,
  vat: InvoiceIssuer['vat'],
): { lines: { label: string; amount: string }[]; mention: string | null } {
  const w = WORDS[locale];
  const b = vatBreakdown(grossCents, vat);
  const euros = (cents: number) => formatEuros(locale, cents);
  if (b.rateBp === null || !('rateBp' in vat)) {
    return {
      lines: [{ label: w.total, amount: euros(grossCents) }],
      mention: 'exemption' in vat ? vat.exemption[locale] : null,
    };
  }
  return {
    lines: [
      { label: w.net, amount: euros(b.netCents) },
      { label: w.vat(percent(locale, b.rateBp)), amount: euros(b.vatCents) },
      { label: w.gross, amount: euros(b.grossCents) },
    ],
    mention: null,
  };
}

/** The seller's identity, one line each: name, address lines, registration and VAT numbers, email. */
export function sellerLines(locale: Locale, seller: InvoiceIssuer['seller']): string[] {
  const w = WORDS[locale];
  return [
    seller.name,
    ...seller.address.split('\n').filter((l) => l.trim() !== ''),
    ...(seller.registrationNumber ? [labelled(locale, w.registration, seller.registrationNumber)] : []),
    ...(seller.vatNumber ? [labelled(locale, w.vatNumber, seller.vatNumber)] : []),
    ...(seller.email ? [seller.email] : []),
  ];
}

export const sellerHeading = (locale: Locale): string => WORDS[locale].seller;

/** A country's name in the reader's language ("FR" → "France"), or the code when unknown. */
export function countryName(locale: Locale, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
