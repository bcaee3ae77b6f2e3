import type { CardSetup, PaymentMethods } from '@tutti/contract/payments';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { accounts } from '../../accounts/accounts.schema.ts';
import { billingCustomers } from '../billing.schema.ts';
import { subscriptions } from '../subscriptions.schema.ts';
import { currentAt } from '../subscriptions.schema.ts';
import { PaymentsUnavailable, type PaymentProvider, type SavedCard } from './provider.ts';

/** The payment service cannot answer: 503 with a retry-after, in the error catalogue's words. */
export const paymentsUnavailable = () =>
  new AppError(503, 'PAYMENTS_UNAVAILABLE', 'The payment service cannot be reached, try again in a moment.', {
    details: { retryAfterSeconds: 30 },
  });

/** Runs a provider call; an unreachable service is a 503, never a 500. */
export async function viaProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof PaymentsUnavailable) throw paymentsUnavailable();
    throw e;
  }
}

/**
 * A musician's saved cards. The payment service keeps them (Tutti never sees a card number); Tutti keeps which customer
 * is whose, and refuses to remove the last card of a subscription that renews with it.
 */
export function createCardsService(deps: {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
  /** Sandbox: where the page confirms a SetupIntent (same origin); null with Stripe (Stripe.js does it). */
  confirmUrl: (setupIntentId: string) => string | null;
}) {
  const { db, provider } = deps;

  const customerOf = async (accountId: string, tx: Db = db): Promise<string | null> => {
    const [row] = await tx
      .select({ id: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.accountId, accountId));
    return row?.id ?? null;
  };

  /** The customer, created with the first card. Two first cards at once make one customer (the provider call has an
   *  idempotency key per account, the insert keeps the first row). */
  const ensureCustomer = async (accountId: string): Promise<string> => {
    const existing = await customerOf(accountId);
    if (existing) return existing;
    const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw notFound('No such account.');
    const customerId = await viaProvider(() => provider.createCustomer({ email: account.email, accountId }));
    await db.insert(billingCustomers).values({ accountId, customerId, createdAt: deps.now() }).onConflictDoNothing();
    return (await customerOf(accountId)) ?? customerId;
  };

  /** Whether something renews with the cards: a current subscription paid by card that is not cancelled. */
  const renewing = async (accountId: string): Promise<boolean> => {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.accountId, accountId),
          eq(subscriptions.source, 'card'),
          eq(subscriptions.cancelAtPeriodEnd, false),
          currentAt(deps.now()),
        ),
      )
      .limit(1);
    return row !== undefined;
  };

  const cardsOf = async (accountId: string): Promise<{ cards: SavedCard[]; defaultId: string | null }> => {
    const customerId = await customerOf(accountId);
    if (!customerId) return { cards: [], defaultId: null };
    return viaProvider(() => provider.listCards(customerId));
  };

  const present = async (accountId: string): Promise<PaymentMethods> => {
    const [{ cards, defaultId }, renews] = await Promise.all([cardsOf(accountId), renewing(accountId)]);
    // A customer without a default still pays with its newest card: show that one as the default.
    const effectiveDefault = defaultId ?? cards[0]?.id ?? null;
    const items = cards
      .map((c) => ({
        id: c.id,
        brand: c.brand,
        last4: c.last4,
        expMonth: c.expMonth,
        expYear: c.expYear,
        isDefault: c.id === effectiveDefault,
      }))
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    return { items, lastCardRequired: renews };
  };

  const ownCard = async (accountId: string, cardId: string) => {
    const { cards, defaultId } = await cardsOf(accountId);
    const card = cards.find((c) => c.id === cardId);
    // Someone else's card, or none: the same 404.
    if (!card) throw notFound('No such card.');
    return { card, cards, defaultId };
  };

  return {
    customerOf,
    ensureCustomer,
    list: present,

    /** The card renewals and a first payment charge: the default, else the newest (`tx`: inside a transaction, whose
     *  connection must read it). */
    async chargeable(
      accountId: string,
      cardId?: string,
      tx: Db = db,
    ): Promise<{ customerId: string; card: SavedCard } | null> {
      const customerId = await customerOf(accountId, tx);
      if (!customerId) return null;
      const { cards, defaultId } = await viaProvider(() => provider.listCards(customerId));
      const card = cards.find((c) => c.id === (cardId ?? defaultId)) ?? (cardId ? undefined : cards[0]);
      return card ? { customerId, card } : null;
    },

    async add(accountId: string): Promise<CardSetup> {
      const customerId = await ensureCustomer(accountId);
      const intent = await viaProvider(() => provider.createSetupIntent(customerId, accountId));
      return {
        provider: provider.kind,
        publishableKey: provider.publishableKey,
        setupIntentId: intent.id,
        clientSecret: intent.clientSecret,
        confirmUrl: deps.confirmUrl(intent.id),
      };
    },

    async setDefault(accountId: string, cardId: string): Promise<PaymentMethods> {
      await ownCard(accountId, cardId);
      const customerId = (await customerOf(accountId))!;
      await viaProvider(() => provider.setDefaultCard(customerId, cardId));
      return present(accountId);
    },

    /** Never the last card while a subscription renews with it; removing the default makes the newest other one the
     *  default. */
    async remove(accountId: string, cardId: string): Promise<void> {
      const { cards, defaultId } = await ownCard(accountId, cardId);
      if (cards.length === 1 && (await renewing(accountId))) {
        throw new AppError(409, 'LAST_PAYMENT_METHOD', 'Your subscription renews with this card: add another first.');
      }
      await viaProvider(() => provider.detachCard(cardId));
      const next = cards.find((c) => c.id !== cardId);
      if (next && (defaultId === cardId || defaultId === null)) {
        const customerId = (await customerOf(accountId))!;
        await viaProvider(() => provider.setDefaultCard(customerId, next.id));
      }
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
