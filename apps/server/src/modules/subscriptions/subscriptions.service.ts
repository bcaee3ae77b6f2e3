import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type {
  CreateProductTokenBody,
  MySubscriptions,
  ProductToken,
  Subscription,
} from '@tutti/contract/subscriptions';
import { CURRENCY } from '@tutti/contract/subscriptions';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { addMonths } from './billing-calendar.ts';
import {
  products,
  productTokenClaims,
  productTokens,
  subscriptions,
  type ProductRow,
  type ProductTokenRow,
  type SubscriptionRow,
} from './subscriptions.schema.ts';

/** Statuses that lift the free-minutes limit while their period runs (past_due: the renewal is being retried). */
export const CURRENT_STATUSES = ['trialing', 'active', 'past_due'] as const;
const PAST_SHOWN = 24;
/** Promo codes made up by the server: unambiguous letters and digits. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const productSummary = (p: ProductRow) => ({
  id: p.id,
  name: { en: p.nameEn, fr: p.nameFr },
  priceCents: p.priceCents,
  currency: CURRENCY,
  free: p.free,
});

export function presentSubscription(row: SubscriptionRow, product: ProductRow): Subscription {
  return {
    id: row.id,
    product: productSummary(product),
    status: row.status,
    source: row.source,
    trialEnd: row.status === 'trialing' && row.trialEnd ? row.trialEnd.toISOString() : null,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    createdAt: row.createdAt.toISOString(),
  };
}

const presentToken = (row: ProductTokenRow, product: ProductRow): ProductToken => ({
  id: row.id,
  code: row.code,
  product: productSummary(product),
  months: row.months,
  maxUses: row.maxUses,
  uses: row.uses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const madeUpCode = () =>
  Array.from(randomBytes(10), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length])
    .join('')
    .replace(/(.{5})(?=.)/g, '$1-');

const unknownCode = () => new AppError(404, 'PROMO_CODE_UNKNOWN', 'No such promo code, or it has expired.');
const usedCode = () => new AppError(409, 'PROMO_CODE_USED', 'This promo code has been used.');

/** The subscriptions ledger as musicians and administrators read it, and promo codes. */
export function createSubscriptionsService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  const isCurrent = (at: Date) =>
    and(inArray(subscriptions.status, [...CURRENT_STATUSES]), gt(subscriptions.currentPeriodEnd, at));

  const withProducts = (tx: Db = db) =>
    tx
      .select({ s: subscriptions, p: products })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId));

  const current = async (accountId: string, tx: Db = db) => {
    const [row] = await withProducts(tx)
      .where(and(eq(subscriptions.accountId, accountId), isCurrent(now())))
      .orderBy(desc(subscriptions.currentPeriodEnd))
      .limit(1);
    return row ?? null;
  };

  return {
    /** A trial is for a first subscription only: one that had a trial, or was paid by card, uses it. */
    async trialUsed(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.accountId, accountId),
            or(isNotNull(subscriptions.trialEnd), eq(subscriptions.source, 'card')),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async mine(accountId: string): Promise<MySubscriptions> {
      const [rows, trialUsed] = await Promise.all([
        withProducts()
          .where(eq(subscriptions.accountId, accountId))
          .orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.createdAt))
          .limit(PAST_SHOWN + 1),
        this.trialUsed(accountId),
      ]);
      const at = now();
      const live = (r: (typeof rows)[number]) =>
        (CURRENT_STATUSES as readonly string[]).includes(r.s.status) && r.s.currentPeriodEnd > at;
      const currentRow = rows.find(live) ?? null;
      return {
        current: currentRow && presentSubscription(currentRow.s, currentRow.p),
        past: rows
          .filter((r) => r !== currentRow)
          .slice(0, PAST_SHOWN)
          .map((r) => presentSubscription(r.s, r.p)),
        trialUsed,
      };
    },

    /** The account itself or an administrator (the route's guard and the caller check decide who asks). */
    async ofAccount(accountId: string, asker: { accountId: string; admin: boolean }) {
      if (accountId !== asker.accountId && !asker.admin) throw notFound('No such account.');
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
      if (!account) throw notFound('No such account.');
      const row = await current(accountId);
      return { current: row && presentSubscription(row.s, row.p) };
    },

    async tokens(): Promise<ProductToken[]> {
      const rows = await db
        .select({ t: productTokens, p: products })
        .from(productTokens)
        .innerJoin(products, eq(products.id, productTokens.productId))
        .orderBy(desc(productTokens.createdAt))
        .limit(500);
      return rows.map((r) => presentToken(r.t, r.p));
    },

    async createToken(body: CreateProductTokenBody): Promise<ProductToken> {
      const [product] = await db.select().from(products).where(eq(products.id, body.productId));
      if (!product) {
        throw new AppError(400, 'VALIDATION_FAILED', 'No such product.', { fields: { productId: 'unknown' } });
      }
      const [row] = await db
        .insert(productTokens)
        .values({
          code: body.code ?? madeUpCode(),
          productId: product.id,
          months: body.months,
          maxUses: body.maxUses,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: productTokens.code })
        .returning();
      if (!row) throw new AppError(409, 'CONFLICT', 'This promo code exists already.', { fields: { code: 'invalid' } });
      return presentToken(row, product);
    },

    async deleteToken(id: string): Promise<void> {
      const deleted = await db
        .delete(productTokens)
        .where(eq(productTokens.id, id))
        .returning({ id: productTokens.id });
      if (deleted.length === 0) throw notFound('No such promo code.');
    },

    /**
     * Uses a promo code: its months are added to the current subscription's period (a paid one is charged that much
     * later), or start a subscription to the code's product that ends after them (no card: nothing renews it).
     * The code's row, then the account's, are locked: a single-use code is used once, and one account's claims take
     * turns (no two current subscriptions).
     */
    async claim(accountId: string, rawCode: string): Promise<Subscription> {
      const code = rawCode.trim().toUpperCase();
      return db.transaction(async (tx) => {
        const at = now();
        const [token] = await tx.select().from(productTokens).where(eq(productTokens.code, code)).for('update');
        if (!token || (token.expiresAt !== null && token.expiresAt <= at)) throw unknownCode();
        if (token.uses >= token.maxUses) throw usedCode();
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
        const [claimed] = await tx
          .insert(productTokenClaims)
          .values({ tokenId: token.id, accountId, claimedAt: at })
          .onConflictDoNothing()
          .returning({ tokenId: productTokenClaims.tokenId });
        if (!claimed) throw usedCode();
        await tx
          .update(productTokens)
          .set({ uses: sql`${productTokens.uses} + 1` })
          .where(eq(productTokens.id, token.id));

        const existing = await current(accountId, tx);
        let subscription: SubscriptionRow;
        let product: ProductRow;
        if (existing) {
          [subscription] = (await tx
            .update(subscriptions)
            .set({ currentPeriodEnd: addMonths(existing.s.currentPeriodEnd, token.months) })
            .where(eq(subscriptions.id, existing.s.id))
            .returning()) as [SubscriptionRow];
          product = existing.p;
        } else {
          [product] = (await tx.select().from(products).where(eq(products.id, token.productId))) as [ProductRow];
          [subscription] = (await tx
            .insert(subscriptions)
            .values({
              accountId,
              productId: token.productId,
              status: 'active',
              source: 'promo',
              currentPeriodStart: at,
              currentPeriodEnd: addMonths(at, token.months),
              cancelAtPeriodEnd: true,
              createdAt: at,
            })
            .returning()) as [SubscriptionRow];
        }
        await tx
          .update(productTokenClaims)
          .set({ subscriptionId: subscription.id })
          .where(and(eq(productTokenClaims.tokenId, token.id), eq(productTokenClaims.accountId, accountId)));
        return presentSubscription(subscription, product);
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
