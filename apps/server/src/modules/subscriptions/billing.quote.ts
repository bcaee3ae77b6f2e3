import type { QuoteBody, SubscriptionQuote } from '@tutti/contract/payments';
import { CURRENCY } from '@tutti/contract/subscriptions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { addDays, addMonths } from './billing-calendar.ts';
import { trialFingerprints } from './billing.schema.ts';
import type { CardsService } from './payments/cards.service.ts';
import type { SavedCard } from './payments/provider.ts';
import { products, type ProductRow } from './subscriptions.schema.ts';

/**
 * The amount confirmed is the amount charged (issue 29): before confirming, the page asks what this account pays today
 * with the chosen card; subscribing applies the very same rule inside its locked transaction and, when the page sent
 * the amount it showed, charges nothing unless that is still the amount.
 */

/** A product musicians may subscribe to: enabled and paid. */
export async function offeredProduct(db: Db, id: string): Promise<ProductRow> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product || !product.enabled || product.free) {
    throw new AppError(400, 'VALIDATION_FAILED', 'This product is not offered.', { fields: { productId: 'unknown' } });
  }
  return product;
}

export const paymentMethodRequired = (paymentMethod: string | undefined) =>
  new AppError(409, 'PAYMENT_METHOD_REQUIRED', 'Add a card first.', {
    fields: paymentMethod ? { paymentMethod: 'unknown' } : {},
  });

/** When a trial of this product started at `at` ends (null: it has none). */
export const trialEndOf = (product: ProductRow, at: Date): Date | null => {
  if (!product.trialLength || !product.trialUnit) return null;
  return product.trialUnit === 'day' ? addDays(at, product.trialLength) : addMonths(at, product.trialLength);
};

export interface QuoteInput {
  product: ProductRow;
  card: SavedCard;
  accountId: string;
  /** The account had a trial or a card subscription already (subscriptions service's `trialUsed`). */
  trialUsed: boolean;
  at: Date;
}

/**
 * What subscribing charges today (decision 0031): the product's trial when it has one, the account never used one and
 * the card's fingerprint never started one; else the first month. `take` (subscribing, inside its transaction) claims
 * the fingerprint for the account, so two accounts with one card get one trial whoever confirms first; without it
 * (the quote) it only looks.
 */
export async function quoteFor(tx: Db, input: QuoteInput, take: boolean): Promise<SubscriptionQuote> {
  const { product, card, accountId, at } = input;
  const trialEnd = input.trialUsed ? null : trialEndOf(product, at);
  let trial = false;
  if (trialEnd && take) {
    const [taken] = await tx
      .insert(trialFingerprints)
      .values({ fingerprint: card.fingerprint, accountId, createdAt: at })
      .onConflictDoNothing()
      .returning();
    trial = taken !== undefined;
  } else if (trialEnd) {
    const [seen] = await tx
      .select({ fingerprint: trialFingerprints.fingerprint })
      .from(trialFingerprints)
      .where(eq(trialFingerprints.fingerprint, card.fingerprint));
    trial = seen === undefined;
  }
  return {
    productId: product.id,
    paymentMethod: card.id,
    trial,
    amountTodayCents: trial ? 0 : product.priceCents,
    priceCents: product.priceCents,
    currency: CURRENCY,
    trialEnd: trial && trialEnd ? trialEnd.toISOString() : null,
  };
}

/** Subscribing's guard: when the page said what it showed, anything else today is refused before anything is made. */
export function checkQuoted(expectedAmountCents: number | undefined, quote: SubscriptionQuote): void {
  if (expectedAmountCents === undefined || expectedAmountCents === quote.amountTodayCents) return;
  throw new AppError(409, 'AMOUNT_CHANGED', 'The amount due today changed: nothing was charged.', {
    details: { quote },
  });
}

/** POST v1/me/subscriptions/quote. */
export function createQuotes(deps: {
  db: Db;
  cards: CardsService;
  trialUsed: (accountId: string) => Promise<boolean>;
  now: () => Date;
}) {
  return {
    async quote(accountId: string, body: QuoteBody): Promise<SubscriptionQuote> {
      const product = await offeredProduct(deps.db, body.productId);
      const [chargeable, trialUsed] = await Promise.all([
        deps.cards.chargeable(accountId, body.paymentMethod),
        deps.trialUsed(accountId),
      ]);
      if (!chargeable) throw paymentMethodRequired(body.paymentMethod);
      return quoteFor(deps.db, { product, card: chargeable.card, accountId, trialUsed, at: deps.now() }, false);
    },
  };
}

export type Quotes = ReturnType<typeof createQuotes>;
