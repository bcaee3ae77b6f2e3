import type { CurrentUser } from '@tutti/contract/accounts';
import type { CardSetup, Invoice, PaymentCard } from '@tutti/contract/payments';
import { testUser } from '../../../test/current-user';
import type { AvailableProduct, MySubscriptions, Subscription } from '@tutti/contract/subscriptions';

/** Subscriptions and offers as the server answers them, for this feature's tests. */
export const PRODUCT_ID = '55555555-5555-4555-8555-555555555555';

export function offerOf(patch: Partial<AvailableProduct> = {}): AvailableProduct {
  return {
    id: PRODUCT_ID,
    name: { en: 'Band plan', fr: 'Formule groupe' },
    description: { en: 'Unlimited open rehearsals.', fr: 'Répétitions ouvertes illimitées.' },
    priceCents: 999,
    currency: 'EUR',
    free: false,
    trial: { length: 1, unit: 'month' },
    trialAvailable: true,
    ...patch,
  };
}

export function subscriptionOf(patch: Partial<Subscription> = {}): Subscription {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    product: {
      id: PRODUCT_ID,
      name: { en: 'Band plan', fr: 'Formule groupe' },
      priceCents: 999,
      currency: 'EUR',
      free: false,
    },
    status: 'active',
    source: 'promo',
    trialEnd: null,
    currentPeriodStart: '2030-12-15T12:00:00.000Z',
    currentPeriodEnd: '2031-03-15T12:00:00.000Z',
    cancelAtPeriodEnd: true,
    createdAt: '2030-12-15T12:00:00.000Z',
    ...patch,
  };
}

export const noSubscriptions = (patch: Partial<MySubscriptions> = {}): MySubscriptions => ({
  current: null,
  past: [],
  trialUsed: false,
  ...patch,
});

/** GET v1/me/sessions as it answers a musician with no session: only the minutes matter here. */
export const mySessionsWith = (remainingMinutes: number | null) => ({
  organized: { items: [], page: 1, size: 1, total: 0 },
  invited: { items: [], page: 1, size: 1, total: 0 },
  remainingMinutes,
});

/** The signed-in musician of these tests. */
export const ME: CurrentUser = testUser();

export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** POST v1/me/payments/methods with the sandbox, as the payment form gets it. */
export const CARD_SETUP: CardSetup = {
  provider: 'sandbox',
  publishableKey: 'pk_sandbox_test',
  setupIntentId: 'seti_1',
  clientSecret: 'seti_1_secret_x',
  confirmUrl: '/api/payments/sandbox/v1/setup_intents/seti_1/confirm',
};

export function cardOf(patch: Partial<PaymentCard> = {}): PaymentCard {
  return { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true, ...patch };
}

export function invoiceOf(patch: Partial<Invoice> = {}): Invoice {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    number: 'TUTTI-2030-000042',
    createdAt: '2030-12-15T12:00:00.000Z',
    amountCents: 999,
    currency: 'EUR',
    status: 'paid',
    productName: 'Band plan',
    periodStart: '2030-12-15T12:00:00.000Z',
    periodEnd: '2031-01-15T12:00:00.000Z',
    paidAt: '2030-12-15T12:00:00.000Z',
    nextAttemptAt: null,
    failureCode: null,
    pdfUrl: '/api/v1/invoices/99999999-9999-4999-8999-999999999999/pdf?expires=1&signature=x',
    ...patch,
  };
}
