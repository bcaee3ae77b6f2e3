import type { Locale } from '@tutti/contract/common';
import type { Invoice } from '@tutti/contract/payments';
import { desc, eq, and } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { MailMessage } from '../../platform/mail.ts';
import type { MailOutbox } from '../../platform/mail-outbox/mail-outbox.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { billingEmail, reviveMail, type BillingMail, type StoredBillingMail } from './billing.mail.ts';
import { invoices, type InvoiceRow } from './billing.schema.ts';
import { renderInvoicePdf, type InvoiceLinks } from './invoice-pdf.ts';
import { invoiceIssuer } from './invoice-tax.ts';
import type { PaymentsConfig } from './payments/payments.config.ts';
import type { ProductRow } from './subscriptions.schema.ts';

/** The outbox kind of billing emails. */
export const BILLING_MAIL = 'billing';

/** A billing email's row in the outbox: who, which product's names, the mail's facts (dates as ISO strings), and the
 *  invoice whose PDF a receipt carries. */
interface NoticeRow {
  accountId: string;
  product: { nameEn: string; nameFr: string };
  mail: StoredBillingMail;
  invoiceId?: string;
}

/** What billing tells musicians: its emails (receipts carry the invoice PDF), and their invoices with signed PDF
 *  links. */
export function createBillingNotices(deps: {
  db: Db;
  outbox: MailOutbox;
  links: InvoiceLinks;
  payments: Pick<PaymentsConfig, 'seller' | 'vat'>;
  publicUrl: string;
}) {
  const { db } = deps;
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

  /** A billing email in the account's language (receipts carry the invoice's PDF), rendered when the outbox sends
   *  it; null once the account is gone. */
  const render = async (payload: Record<string, unknown>): Promise<MailMessage | null> => {
    const { accountId, product, mail, invoiceId } = payload as unknown as NoticeRow;
    const account = await recipient(accountId);
    if (!account) return null;
    const facts = reviveMail(mail);
    const link = facts.kind === 'receipt' || facts.kind === 'payment_failed' ? pages.billing : pages.subscription;
    const [invoice] = invoiceId ? await db.select().from(invoices).where(eq(invoices.id, invoiceId)) : [];
    // A receipt states the invoice's seller and VAT, as its PDF does.
    const said = facts.kind === 'receipt' && invoice ? { ...facts, issuer: issuerOf(invoice) } : facts;
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
    return { to: account.email, ...content, link, ...(attachments && { attachments }) };
  };
  deps.outbox.handle(BILLING_MAIL, render);

  /**
   * Promises a billing email, in the transaction of what it reports (the paid invoice, the failed attempt, the
   * subscription that ends): it is sent by the durable outbox once that commits, and never if it rolls back.
   */
  const enqueue = async (
    tx: Db,
    accountId: string,
    product: Pick<ProductRow, 'nameEn' | 'nameFr'>,
    mail: BillingMail,
    invoice?: Pick<InvoiceRow, 'id'>,
  ) => {
    const row: NoticeRow = {
      accountId,
      product: { nameEn: product.nameEn, nameFr: product.nameFr },
      mail: JSON.parse(JSON.stringify(mail)) as NoticeRow['mail'],
      ...(invoice && { invoiceId: invoice.id }),
    };
    await deps.outbox.enqueue(tx, BILLING_MAIL, row as unknown as Record<string, unknown>);
  };

  return {
    issuer,
    enqueue,
    /** Sends the emails committed so far now (the request that committed them waits; a crash leaves them to the job). */
    flush: () => deps.outbox.flush(),
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
