import type { Locale } from '@tutti/contract/common';
import type { MailContent } from '../accounts/accounts.mail.ts';
import type { InvoiceRow } from './billing.schema.ts';
import { amountLines, formatEuros, labelled, sellerHeading, sellerLines, type InvoiceIssuer } from './invoice-tax.ts';
import { formatBillingDate } from './subscriptions.mail.ts';

export { formatEuros };

export type BillingMail =
  | { kind: 'trial_started'; until: Date; priceCents: number }
  | { kind: 'trial_ending'; until: Date; priceCents: number }
  /** `issuer`: the invoice's seller and VAT (billing.notices.ts adds them from the invoice). */
  | { kind: 'receipt'; amountCents: number; number: string; until: Date; issuer?: InvoiceIssuer }
  | { kind: 'payment_failed'; amountCents: number; nextAttempt: Date | null; code: string }
  | { kind: 'ended'; at: Date };

/** The receipt of a paid invoice. */
export const receiptOf = (paid: Pick<InvoiceRow, 'amountCents' | 'number' | 'periodEnd'>): BillingMail => ({
  kind: 'receipt',
  amountCents: paid.amountCents,
  number: paid.number,
  until: paid.periodEnd,
});

/** A BillingMail as the outbox stores it (JSON): its dates as ISO strings. */
export type StoredBillingMail = {
  [K in BillingMail as K['kind']]: {
    [F in keyof K]: K[F] extends Date ? string : K[F] extends Date | null ? string | null : K[F];
  };
}[BillingMail['kind']];

/** The BillingMail a stored one stands for (its dates back to Date). */
export function reviveMail(stored: StoredBillingMail): BillingMail {
  const date = (iso: string) => new Date(iso);
  switch (stored.kind) {
    case 'trial_started':
    case 'trial_ending':
    case 'receipt':
      return { ...stored, until: date(stored.until) };
    case 'payment_failed':
      return { ...stored, nextAttempt: stored.nextAttempt === null ? null : date(stored.nextAttempt) };
    case 'ended':
      return { ...stored, at: date(stored.at) };
  }
}

/** What a billing email names besides its own facts. */
export interface BillingMailTo {
  username: string;
  product: string;
  /** The subscription page, or the billing tab for receipts and failures. */
  link: string;
}

/** Subscription emails in the account's language (issue 12, point 4). */
export function billingEmail(locale: Locale, to: BillingMailTo, mail: BillingMail): MailContent {
  const date = (d: Date) => formatBillingDate(locale, d);
  const euros = (c: number) => formatEuros(locale, c);
  const fr = locale === 'fr';
  const body = (lines: string[]) =>
    [
      fr ? `Bonjour ${to.username},` : `Hello ${to.username},`,
      '',
      ...lines,
      '',
      to.link,
      '',
      fr ? 'L’équipe Tutti' : 'The Tutti team',
    ].join('\n');
  switch (mail.kind) {
    case 'trial_started':
      return fr
        ? {
            subject: `Votre essai gratuit de ${to.product} commence`,
            text: body([
              `Votre essai gratuit de ${to.product} a commencé : vous répétez sans limite de temps jusqu’au ${date(mail.until)}.`,
              `Ensuite, votre carte sera débitée de ${euros(mail.priceCents)} par mois, sauf si vous résiliez avant. Vous pouvez le faire à tout moment depuis cette page :`,
            ]),
          }
        : {
            subject: `Your free ${to.product} trial has started`,
            text: body([
              `Your free ${to.product} trial has started: you rehearse without a time limit until ${date(mail.until)}.`,
              `After that, your card will be charged ${euros(mail.priceCents)} a month unless you cancel before. You can do so at any time from this page:`,
            ]),
          };
    case 'trial_ending':
      return fr
        ? {
            subject: `Votre essai de ${to.product} se termine le ${date(mail.until)}`,
            text: body([
              `Votre essai gratuit de ${to.product} se termine le ${date(mail.until)}. Votre carte sera alors débitée de ${euros(mail.priceCents)}, puis chaque mois.`,
              'Pour ne pas continuer, résiliez avant cette date depuis cette page :',
            ]),
          }
        : {
            subject: `Your ${to.product} trial ends on ${date(mail.until)}`,
            text: body([
              `Your free ${to.product} trial ends on ${date(mail.until)}. Your card will then be charged ${euros(mail.priceCents)}, and every month after that.`,
              'To stop, cancel before that date from this page:',
            ]),
          };
    case 'receipt':
      return fr
        ? {
            subject: `Reçu de paiement ${mail.number}`,
            text: body([
              `Nous avons bien reçu votre paiement de ${euros(mail.amountCents)} pour ${to.product}. Votre abonnement court jusqu’au ${date(mail.until)}.`,
              ...receiptStatement(locale, mail),
              'La facture est jointe à ce message ; vous la retrouvez aussi avec les autres dans vos préférences :',
            ]),
          }
        : {
            subject: `Payment receipt ${mail.number}`,
            text: body([
              `We received your payment of ${euros(mail.amountCents)} for ${to.product}. Your subscription runs until ${date(mail.until)}.`,
              ...receiptStatement(locale, mail),
              'The invoice is attached; you will also find it with the others in your preferences:',
            ]),
          };
    case 'payment_failed':
      return fr
        ? {
            subject: `Le paiement de ${to.product} a échoué`,
            text: body([
              `Nous n’avons pas pu débiter ${euros(mail.amountCents)} sur votre carte (${declineReason(locale, mail.code)}).`,
              mail.nextAttempt
                ? `Nous réessaierons le ${date(mail.nextAttempt)}. D’ici là, vous pouvez ajouter une autre carte ou la mettre à jour :`
                : 'Cette carte ne peut pas être débitée : ajoutez-en une autre pour garder votre abonnement :',
            ]),
          }
        : {
            subject: `Your ${to.product} payment failed`,
            text: body([
              `We could not charge ${euros(mail.amountCents)} to your card (${declineReason(locale, mail.code)}).`,
              mail.nextAttempt
                ? `We will try again on ${date(mail.nextAttempt)}. Until then, you can add another card or update yours:`
                : 'This card cannot be charged: add another one to keep your subscription:',
            ]),
          };
    case 'ended':
      return fr
        ? {
            subject: `Votre abonnement ${to.product} est terminé`,
            text: body([
              `Votre abonnement ${to.product} s’est terminé le ${date(mail.at)}. Vos répétitions ouvertes sont de nouveau limitées aux minutes gratuites du mois.`,
              'Vous pouvez vous réabonner à tout moment :',
            ]),
          }
        : {
            subject: `Your ${to.product} subscription has ended`,
            text: body([
              `Your ${to.product} subscription ended on ${date(mail.at)}. Your open rehearsals are limited to the month's free minutes again.`,
              'You can subscribe again at any time:',
            ]),
          };
  }
}

/** What the receipt's invoice states (issue 29): its number, amount lines (HT, TVA, TTC, or the exemption mention)
 *  and its seller, as the attached PDF prints them. */
function receiptStatement(locale: Locale, mail: Extract<BillingMail, { kind: 'receipt' }>): string[] {
  if (!mail.issuer) return [];
  const { lines, mention } = amountLines(locale, mail.amountCents, mail.issuer.vat);
  return [
    '',
    `${locale === 'fr' ? 'Facture' : 'Invoice'} ${mail.number}`,
    ...lines.map((l) => labelled(locale, l.label, l.amount)),
    ...(mention ? [mention] : []),
    '',
    `${sellerHeading(locale)}${locale === 'fr' ? '\u00a0:' : ':'}`,
    ...sellerLines(locale, mail.issuer.seller),
    '',
  ];
}

/** Why a charge failed, in words a musician reads (Stripe's decline codes). */
export function declineReason(locale: Locale, code: string): string {
  const fr = locale === 'fr';
  switch (code) {
    case 'insufficient_funds':
      return fr ? 'provision insuffisante' : 'insufficient funds';
    case 'expired_card':
      return fr ? 'carte expirée' : 'the card has expired';
    case 'authentication_required':
      return fr ? 'votre banque demande une authentification' : 'your bank asks for authentication';
    case 'no_payment_method':
      return fr ? 'aucune carte enregistrée' : 'no card on file';
    default:
      return fr ? 'refusé par votre banque' : 'declined by your bank';
  }
}
