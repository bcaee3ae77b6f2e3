import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { invoiceNumbers, invoices, type InvoiceRow } from './billing.schema.ts';
import type { InvoiceIssuer } from './invoice-tax.ts';
import type { ProductRow, SubscriptionRow } from './subscriptions.schema.ts';

/** Opening invoices: their numbers from one sequence, and who issues them as they will state it forever. */
export function createInvoiceOpener(issuer: InvoiceIssuer) {
  /** `count` invoice numbers in one round trip. */
  const nextNumbers = async (tx: Db, at: Date, count: number): Promise<string[]> => {
    // Both drivers (PGlite and node-postgres) answer raw queries with `rows`.
    const result = (await tx.execute(
      sql`select nextval('${sql.raw(invoiceNumbers.seqName ?? 'invoice_numbers')}')::text as n
        from generate_series(1, ${count}::int)`,
    )) as unknown as { rows: { n: string }[] };
    return result.rows.map(({ n }) => `TUTTI-${at.getUTCFullYear()}-${n.padStart(6, '0')}`);
  };

  /**
   * Opens the invoices of several periods in two round trips (the renewal job opens hundreds at once); a period that
   * has its invoice already (another instance made it) gets no second one and is left out of the answer.
   */
  const newInvoices = async (
    tx: Db,
    items: { s: Pick<SubscriptionRow, 'id' | 'accountId'>; product: ProductRow; period: { start: Date; end: Date } }[],
    at: Date,
  ): Promise<InvoiceRow[]> => {
    if (items.length === 0) return [];
    const numbers = await nextNumbers(tx, at, items.length);
    return (
      tx
        .insert(invoices)
        .values(
          items.map(({ s, product, period }, index) => ({
            number: numbers[index]!,
            accountId: s.accountId,
            subscriptionId: s.id,
            productNameEn: product.nameEn,
            productNameFr: product.nameFr,
            amountCents: product.priceCents,
            // Who sells and how VAT applies, as the invoice will state it forever (invoice-tax.ts).
            issuer: issuer,
            status: 'open' as const,
            periodStart: period.start,
            periodEnd: period.end,
            nextAttemptAt: at,
            createdAt: at,
          })),
        )
        // One invoice per subscription and period, whoever tries to make a second.
        .onConflictDoNothing({ target: [invoices.subscriptionId, invoices.periodStart] })
        .returning()
    );
  };

  const newInvoice = async (
    tx: Db,
    s: Pick<SubscriptionRow, 'id' | 'accountId'>,
    product: ProductRow,
    period: { start: Date; end: Date },
    at: Date,
  ): Promise<InvoiceRow | null> => (await newInvoices(tx, [{ s, product, period }], at))[0] ?? null;

  return { newInvoices, newInvoice };
}
