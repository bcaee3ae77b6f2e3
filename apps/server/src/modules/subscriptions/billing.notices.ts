import type { Locale } from '@tutti/contract/common';
import type { Invoice } from '@tutti/contract/payments';
import { desc, eq, and } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { billingEmail, type BillingMail } from './billing.mail.ts';
import { invoices, type InvoiceRow } from './billing.schema.ts';
import { renderInvoicePdf, type InvoiceLinks } from './invoice-pdf.ts';
import { invoiceIssuer } from './invoice-tax.ts';
import type { PaymentsConfig } from './payments/payments.config.ts';
import type { ProductRow } from './subscriptions.schema.ts';

/** What billing tells musicians: its emails (receipts carry the invoice PDF), and their invoices with signed PDF
 *  links. */
export function createBillingNotices(deps: {
  db: Db;
  mailer: Mailer;
  links: InvoiceLinks;
  payments: Pick<PaymentsConfig, 'seller' | 'vat'>;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, log } = deps;
  /** Who issues invoices now: kept on each invoice issued (billing.service.ts). */
  const issuer = invoiceIssuer(deps.payments);
  /** What an invoice states: its own issuer, or today's settings for one issued before issuers were kept. */
  const issuerOf = (invoice: InvoiceRow) => invoice.issuer ?? issuer;
  const pages = {
    subscription: `${deps.publicUrl}/me/subscription`,
    billing: `${deps.publicUrl}/me/preferences?tab=billing`,
  };

  const recipient = async (accountId: string) => {
    const [account] = await db
      .select({
        email: accounts.email,
        username: accounts.username,
        locale: accounts.locale,
        countryCode: accounts.countryCode,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return account ? { ...account, locale: account.locale as Locale } : null;
  };

  /** Sends a billing email in the account's language; what it reports stands whatever the mail server says. */
  const notify = async (
    accountId: string,
    product: Pick<ProductRow, 'nameEn' | 'nameFr'>,
    mail: BillingMail,
    invoice?: InvoiceRow,
  ) => {
    try {
      const account = await recipient(accountId);
      if (!account) return;
      // A receipt states the invoice's seller and VAT, as its PDF does.
      const said = mail.kind === 'receipt' && invoice ? { ...mail, issuer: issuerOf(invoice) } : mail;
      const link = mail.kind === 'receipt' || mail.kind === 'payment_failed' ? pages.billing : pages.subscription;
      const content = billingEmail(
        account.locale,
        { username: account.username, product: account.locale === 'fr' ? product.nameFr : product.nameEn, link },
        said,
      );
      const attachments = invoice
        ? [
            {
              filename: `${invoice.number}.pdf`,
              content: await renderInvoicePdf(invoice, account, issuerOf(invoice), account.locale),
              contentType: 'application/pdf',
            },
          ]
        : undefined;
      await deps.mailer.send({ to: account.email, ...content, link, ...(attachments && { attachments }) });
    } catch (err) {
      log.warn({ err, kind: mail.kind }, 'billing: email not sent');
    }
  };

  return {
    issuer,
    notify,
    async invoices(accountId: string): Promise<Invoice[]> {
      const [account, rows] = await Promise.all([
        recipient(accountId),
        db
          .select()
          .from(invoices)
          .where(eq(invoices.accountId, accountId))
          .orderBy(desc(invoices.createdAt))
          .limit(120),
      ]);
      const fr = account?.locale === 'fr';
      return rows.map((r) => ({
        id: r.id,
        number: r.number,
        createdAt: r.createdAt.toISOString(),
        amountCents: r.amountCents,
        currency: 'EUR' as const,
        status: r.status,
        productName: fr ? r.productNameFr : r.productNameEn,
        periodStart: r.periodStart.toISOString(),
        periodEnd: r.periodEnd.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
        nextAttemptAt: r.status === 'open' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
        failureCode: r.failureCode,
        pdfUrl: deps.links.url(r.id, accountId),
      }));
    },

    /** The PDF of an invoice for the account a signed link names: its owner (or null: the same 404 as none). */
    async pdf(invoiceId: string, accountId: string): Promise<{ number: string; pdf: Buffer } | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
      const account = row ? await recipient(accountId) : null;
      if (!row || !account) return null;
      return { number: row.number, pdf: await renderInvoicePdf(row, account, issuerOf(row), account.locale) };
    },
  };
}

export type BillingNotices = ReturnType<typeof createBillingNotices>;
