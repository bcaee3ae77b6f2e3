import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type {
  AdminSubscriptionPage,
  CancelSubscriptionBody,
  CreateProductTokenBody,
  MySubscriptions,
  ProductToken,
  Subscription,
  SubscriptionsQuerySchema,
} from '@tutti/contract/subscriptions';
import type { Locale } from '@tutti/contract/common';
import type { z } from 'zod';
import type { Mailer } from '../../platform/mail.ts';
import { cancellationEmail } from './subscriptions.mail.ts';
import { CURRENCY } from '@tutti/contract/subscriptions';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { accountSearch } from '../accounts/account-search.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { addMonths } from './billing-calendar.ts';
import {
  products,
  productTokenClaims,
  productTokens,
  subscriptions,
  currentAt,
  isCurrentAt,
  type ProductRow,
  type ProductTokenRow,
  type SubscriptionRow,
} from './subscriptions.schema.ts';

const PAST_SHOWN = 24;
/** The administrators' list's orders (the contract's SUBSCRIPTION_SORTS). */
const LIST_SORTS = {
  createdAt: subscriptions.createdAt,
  username: accounts.username,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
} as const;
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

const stateConflict = (status: string, message: string) =>
  new AppError(409, 'SUBSCRIPTION_STATE_CONFLICT', message, { details: { status } });

const unknownCode = () => new AppError(404, 'PROMO_CODE_UNKNOWN', 'No such promo code, or it has expired.');
const usedCode = () => new AppError(409, 'PROMO_CODE_USED', 'This promo code has been used.');

/** The subscriptions ledger as musicians and administrators read it, and promo codes. */
export function createSubscriptionsService(deps: {
  db: Db;
  now: () => Date;
  mailer: Mailer;
  /** The web's origin: links in emails. */
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, now, mailer, log } = deps;
  const subscriptionPage = `${deps.publicUrl}/me/subscription`;

  const withProducts = (tx: Db = db) =>
    tx
      .select({ s: subscriptions, p: products })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId));

  const current = async (accountId: string, tx: Db = db) => {
    const [row] = await withProducts(tx)
      .where(and(eq(subscriptions.accountId, accountId), currentAt(now())))
      .orderBy(desc(subscriptions.currentPeriodEnd))
      .limit(1);
    return row ?? null;
  };

  /** Running: its status keeps it and its period is not over (it may be cancelled, still running to its end). */
  const isLive = (s: SubscriptionRow) => isCurrentAt(s, now());

  /** My subscription, locked; someone else's is the same 404 as an unknown one. */
  const owned = async (tx: Db, accountId: string, id: string) => {
    const [row] = await withProducts(tx)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId)))
      .for('update', { of: subscriptions });
    if (!row) throw notFound('No such subscription.');
    return row;
  };

  const confirmCancellation = async (accountId: string, row: SubscriptionRow, product: ProductRow) => {
    const [account] = await db
      .select({ email: accounts.email, username: accounts.username, locale: accounts.locale })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!account) return;
    const locale = account.locale as Locale;
    const mail = cancellationEmail(locale, {
      to: account.username,
      product: locale === 'fr' ? product.nameFr : product.nameEn,
      until: row.currentPeriodEnd,
      link: subscriptionPage,
    });
    // The cancellation stands whatever the mail server says; the page shows it too.
    await mailer
      .send({ to: account.email, ...mail, link: subscriptionPage })
      .catch((err: unknown) => log.warn({ err }, 'subscriptions: cancellation email not sent'));
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
      const live = (r: (typeof rows)[number]) => isCurrentAt(r.s, at);
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

    /**
     * Cancels at the period's end (SPEC section 9 reasons, optional). Cancelling again changes nothing (a double
     * click); a subscription that ended cannot be cancelled. The confirmation email goes out after the change.
     */
    async cancel(accountId: string, id: string, body: CancelSubscriptionBody): Promise<Subscription> {
      const { row, product, changed } = await db.transaction(async (tx) => {
        const { s, p } = await owned(tx, accountId, id);
        if (!isLive(s)) throw stateConflict(s.status, 'This subscription has ended.');
        if (s.cancelAtPeriodEnd) return { row: s, product: p, changed: false };
        const [updated] = (await tx
          .update(subscriptions)
          .set({
            cancelAtPeriodEnd: true,
            canceledAt: now(),
            cancellationReason: body.reason ?? null,
            cancellationText: body.text || null,
          })
          .where(eq(subscriptions.id, s.id))
          .returning()) as [SubscriptionRow];
        return { row: updated, product: p, changed: true };
      });
      if (changed) await confirmCancellation(accountId, row, product);
      return presentSubscription(row, product);
    },

    /** Undoes a cancellation before the period ends; one that was not cancelled stays as it is. */
    async restore(accountId: string, id: string): Promise<Subscription> {
      return db.transaction(async (tx) => {
        const { s, p } = await owned(tx, accountId, id);
        if (!isLive(s)) throw stateConflict(s.status, 'This subscription has ended.');
        if (!s.cancelAtPeriodEnd) return presentSubscription(s, p);
        // A promo code's subscription has no card behind it: nothing would renew it.
        if (s.source === 'promo') throw stateConflict(s.status, 'Nothing renews this subscription: add a card.');
        const [updated] = (await tx
          .update(subscriptions)
          .set({ cancelAtPeriodEnd: false, canceledAt: null, cancellationReason: null, cancellationText: null })
          .where(eq(subscriptions.id, s.id))
          .returning()) as [SubscriptionRow];
        return presentSubscription(updated, p);
      });
    },

    async list(query: z.infer<typeof SubscriptionsQuerySchema>): Promise<AdminSubscriptionPage> {
      const at = now();
      const where = and(
        query.filter === 'all'
          ? undefined
          : query.filter === 'canceling'
            ? and(currentAt(at), eq(subscriptions.cancelAtPeriodEnd, true))
            : eq(subscriptions.status, query.filter),
        accountSearch(query.q),
      );
      const column = LIST_SORTS[query.sort];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            s: subscriptions,
            p: products,
            a: { id: accounts.id, username: accounts.username, email: accounts.email },
          })
          .from(subscriptions)
          .innerJoin(products, eq(products.id, subscriptions.productId))
          .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
          .where(where)
          .orderBy(query.order === 'asc' ? asc(column) : desc(column), desc(subscriptions.id))
          .limit(query.size)
          .offset((query.p - 1) * query.size),
        db
          .select({ n: count() })
          .from(subscriptions)
          .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
          .where(where),
      ]);
      return {
        items: rows.map((r) => ({
          ...presentSubscription(r.s, r.p),
          account: r.a,
          cancellation: r.s.canceledAt
            ? { at: r.s.canceledAt.toISOString(), reason: r.s.cancellationReason, text: r.s.cancellationText }
            : null,
        })),
        page: query.p,
        size: query.size,
        total: total?.n ?? 0,
      };
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
      if (!row)
        throw new AppError(409, 'CONFLICT', 'This promo code exists already.', { fields: { code: 'code_taken' } });
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
