import Stripe from 'stripe';
import type { PaymentProviderKind } from '@tutti/contract/payments';

/**
 * What Tutti asks of the payment service (ARCHITECTURE "Domains to come", payments): keep customers and their cards,
 * and charge a card. Everything else (products, periods, invoices, retries) is Tutti's own ledger. One implementation,
 * the official `stripe` SDK, talks to Stripe in production and to the embedded sandbox otherwise.
 */

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}

export type ChargeResult =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'requires_action'; paymentIntentId: string; clientSecret: string }
  | {
      status: 'failed';
      paymentIntentId: string | null;
      /** Stripe's decline code when there is one, else its error code. */
      code: string;
      /** A decline a retry cannot turn (lost or stolen card, fraud, a closed account...): never retried. */
      hard: boolean;
    };

/** A succeeded payment at the provider, as the reconciliation reads it. */
export interface ProviderCharge {
  paymentIntentId: string;
  amountCents: number;
  created: Date;
  /** What Tutti wrote on it when charging: invoiceId, subscriptionId, accountId. */
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  kind: PaymentProviderKind;
  publishableKey: string;
  createCustomer(input: { email: string; accountId: string }): Promise<string>;
  /** Writes the account's current email (and id) on its customer; answers the email the customer now carries. */
  updateCustomer(customerId: string, input: { email: string; accountId: string }): Promise<{ email: string | null }>;
  /** A SetupIntent the page confirms with the card (off-session use: renewals charge it later). */
  createSetupIntent(customerId: string, accountId: string): Promise<{ id: string; clientSecret: string }>;
  /** The cards of a customer, the most recent first, and which one renewals charge. */
  listCards(customerId: string): Promise<{ cards: SavedCard[]; defaultId: string | null }>;
  setDefaultCard(customerId: string, cardId: string): Promise<void>;
  /** The card renewals charge (one call: the customer), or null when none is set. */
  defaultCardId(customerId: string): Promise<string | null>;
  detachCard(cardId: string): Promise<void>;
  /** Deletes the customer and its cards (an erased account); a customer already gone is not an error. */
  deleteCustomer(customerId: string): Promise<void>;
  /** Charges `amountCents` EUR once per idempotency key: a retried call gets the first call's answer. */
  charge(input: {
    customerId: string;
    cardId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
    /** Renewals: the musician is not there to authenticate. */
    offSession: boolean;
    metadata: Record<string, string>;
  }): Promise<ChargeResult>;
  /** Where a charge that waited for authentication stands now. */
  chargeStatus(paymentIntentId: string): Promise<ChargeResult>;
  /** The succeeded payments made since `since`, the newest first (the reconciliation compares them with the ledger). */
  listCharges(since: Date): Promise<ProviderCharge[]>;
  /** Gives a payment back in full, once per payment (an idempotency key per payment: a retried call is the same
   *  refund); answers the refund's id. */
  refund(paymentIntentId: string): Promise<string>;
  /** The event of a webhook, once its signature on the raw body is checked; throws otherwise. */
  verifyEvent(rawBody: string, signature: string): Stripe.Event;
}

/** Declines that retrying cannot change (Stripe's documentation, "decline codes": do not retry these). */
const HARD_DECLINES = new Set([
  'lost_card',
  'stolen_card',
  'pickup_card',
  'fraudulent',
  'restricted_card',
  'merchant_blacklist',
  'invalid_account',
  'card_not_supported',
  'currency_not_supported',
  'do_not_honor',
  'do_not_try_again',
  'incorrect_number',
  'invalid_number',
  'expired_card',
  'revocation_of_all_authorizations',
  'revocation_of_authorization',
  'security_violation',
  'stop_payment_order',
  'transaction_not_allowed',
]);

export const isHardDecline = (code: string): boolean => HARD_DECLINES.has(code);

/** The payment service cannot be reached: nothing was charged or saved (the caller answers 503). */
export class PaymentsUnavailable extends Error {}

export interface StripeConnection {
  kind: PaymentProviderKind;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The sandbox: where the SDK sends its calls instead of api.stripe.com. */
  host?: { host: string; port: number; protocol: 'http' | 'https' };
}

const fromIntent = (pi: Stripe.PaymentIntent): ChargeResult => {
  if (pi.status === 'succeeded') return { status: 'succeeded', paymentIntentId: pi.id };
  if (pi.status === 'requires_action' || pi.status === 'requires_confirmation') {
    return { status: 'requires_action', paymentIntentId: pi.id, clientSecret: pi.client_secret ?? '' };
  }
  const error = pi.last_payment_error;
  const code = error?.decline_code ?? error?.code ?? 'payment_failed';
  return { status: 'failed', paymentIntentId: pi.id, code, hard: isHardDecline(code) };
};

export function createStripeProvider(connection: StripeConnection): PaymentProvider {
  const stripe = new Stripe(connection.secretKey, {
    ...connection.host,
    // One attempt per call: the ledger retries on its own schedule, with the same idempotency key.
    maxNetworkRetries: connection.kind === 'stripe' ? 2 : 0,
    timeout: 20_000,
    appInfo: { name: 'Tutti' },
  });
  /** Network and Stripe-side failures become PaymentsUnavailable; card errors stay what they are. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      if (e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError) {
        throw new PaymentsUnavailable(e.message);
      }
      // The same idempotency key while its first request is still running (Stripe answers 409): try again shortly,
      // and the answer will be that request's.
      if (e instanceof Stripe.errors.StripeIdempotencyError && e.statusCode === 409) {
        throw new PaymentsUnavailable(e.message);
      }
      throw e;
    }
  };

  return {
    kind: connection.kind,
    publishableKey: connection.publishableKey,

    async createCustomer({ email, accountId }) {
      const customer = await call(() =>
        stripe.customers.create(
          { email, metadata: { accountId } },
          // Two first cards saved at once make one customer.
          { idempotencyKey: `customer:${accountId}` },
        ),
      );
      return customer.id;
    },

    async updateCustomer(customerId, { email, accountId }) {
      const customer = await call(() => stripe.customers.update(customerId, { email, metadata: { accountId } }));
      return { email: customer.email ?? null };
    },

    async createSetupIntent(customerId, accountId) {
      const intent = await call(() =>
        stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          // Cards only, confirmed in the page: nothing redirects the musician elsewhere.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { accountId },
        }),
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },

    async listCards(customerId) {
      const [list, customer] = await Promise.all([
        call(() => stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })),
        call(() => stripe.customers.retrieve(customerId)),
      ]);
      const settings = 'deleted' in customer && customer.deleted ? null : customer.invoice_settings;
      const defaultPm = settings?.default_payment_method;
      return {
        cards: list.data.map((pm) => ({
          id: pm.id,
          brand: pm.card?.brand ?? 'unknown',
          last4: pm.card?.last4 ?? '????',
          expMonth: pm.card?.exp_month ?? 0,
          expYear: pm.card?.exp_year ?? 0,
          fingerprint: pm.card?.fingerprint ?? pm.id,
        })),
        defaultId: typeof defaultPm === 'string' ? defaultPm : (defaultPm?.id ?? null),
      };
    },

    async defaultCardId(customerId) {
      const customer = await call(() => stripe.customers.retrieve(customerId));
      if ('deleted' in customer && customer.deleted) return null;
      const pm = customer.invoice_settings?.default_payment_method;
      return typeof pm === 'string' ? pm : (pm?.id ?? null);
    },

    async setDefaultCard(customerId, cardId) {
      await call(() => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardId } }));
    },

    async detachCard(cardId) {
      await call(() => stripe.paymentMethods.detach(cardId));
    },

    async deleteCustomer(customerId) {
      try {
        await call(() => stripe.customers.del(customerId));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        throw err;
      }
    },

    async charge(input) {
      try {
        const pi = await call(() =>
          stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: 'eur',
              customer: input.customerId,
              payment_method: input.cardId,
              description: input.description,
              metadata: input.metadata,
              confirm: true,
              off_session: input.offSession,
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        return fromIntent(pi);
      } catch (e) {
        if (e instanceof Stripe.errors.StripeCardError) {
          const code = e.decline_code ?? e.code ?? 'card_declined';
          const intent = (e.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
          return { status: 'failed', paymentIntentId: intent?.id ?? null, code, hard: isHardDecline(code) };
        }
        throw e;
      }
    },

    async chargeStatus(paymentIntentId) {
      return fromIntent(await call(() => stripe.paymentIntents.retrieve(paymentIntentId)));
    },

    async listCharges(since) {
      const charges: ProviderCharge[] = [];
      const list = stripe.paymentIntents.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 });
      // The SDK follows the pages (starting_after) for as long as the list goes on.
      await call(() =>
        list.autoPagingEach((pi) => {
          if (pi.status === 'succeeded') {
            charges.push({
              paymentIntentId: pi.id,
              amountCents: pi.amount_received || pi.amount,
              created: new Date(pi.created * 1000),
              metadata: pi.metadata ?? {},
            });
          }
        }),
      );
      return charges;
    },

    async refund(paymentIntentId) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentIntentId, metadata: { reason: 'payment_incident' } },
          { idempotencyKey: `refund:${paymentIntentId}` },
        ),
      );
      return refund.id;
    },

    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, connection.webhookSecret);
    },
  };
}
