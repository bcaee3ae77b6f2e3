import { ADMIN_PRIVILEGE } from '../../platform/auth-guard.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import type { BillingNotices } from './billing.notices.ts';
import type { Quotes } from './billing.quote.ts';
import type { BillingService } from './billing.service.ts';
import type { CardsService } from './payments/cards.service.ts';
import type { PaymentIncidents } from './payments/incidents.ts';
import type { ProductsService } from './products.service.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/** Products and promo codes: administrators write them (access 'admin' in the contract); musicians read what is
 *  offered to them, their own subscriptions, and use promo codes. */
export function registerSubscriptionsRoutes(
  endpoint: Endpoint,
  services: {
    products: ProductsService;
    subscriptions: SubscriptionsService;
    cards: CardsService;
    billing: BillingService;
    quotes: Quotes;
    notices: BillingNotices;
    incidents: PaymentIncidents;
  },
): void {
  const { products, subscriptions, cards, billing, quotes, notices, incidents } = services;
  endpoint('listProducts', ({ query }) => products.list(query));
  endpoint('getProduct', ({ params }) => products.get(params.id));
  endpoint('createProduct', ({ body }) => products.create(body));
  endpoint('updateProduct', ({ params, body }) => products.update(params.id, body));
  endpoint('deleteProduct', ({ params }) => products.remove(params.id), { errors: [409] });
  endpoint('enableProduct', ({ params }) => products.enable(params.id));
  endpoint('disableProduct', ({ params }) => products.disable(params.id));
  endpoint('listAvailableProducts', async ({ auth }) =>
    products.available(await subscriptions.trialUsed(auth.accountId)),
  );

  endpoint('listMySubscriptions', ({ auth }) => subscriptions.mine(auth.accountId));
  endpoint('cancelSubscription', ({ auth, params, body }) => subscriptions.cancel(auth.accountId, params.id, body), {
    errors: [409],
  });
  endpoint('restoreSubscription', ({ auth, params }) => subscriptions.restore(auth.accountId, params.id), {
    errors: [409],
  });
  endpoint('listSubscriptions', ({ query }) => subscriptions.list(query));
  endpoint('getAccountSubscription', ({ auth, params }) =>
    subscriptions.ofAccount(params.id, {
      accountId: auth.accountId,
      admin: auth.privileges.includes(ADMIN_PRIVILEGE),
    }),
  );
  endpoint('listProductTokens', () => subscriptions.tokens());
  endpoint('createProductToken', ({ body }) => subscriptions.createToken(body), { errors: [409] });
  endpoint('deleteProductToken', ({ params }) => subscriptions.deleteToken(params.id));
  // A code is a secret to guess: attempts count per address, as sign-ins do.
  endpoint('claimProductToken', ({ auth, body }) => subscriptions.claim(auth.accountId, body.code), {
    errors: [409],
    rateLimited: true,
  });

  // Cards and subscribing: writes that cost something at the payment service are counted per account.
  endpoint('subscribe', ({ auth, body }) => billing.subscribe(auth.accountId, body), {
    errors: [402, 409, 503],
    accountLimited: true,
    passwordOf: ({ auth }) => auth.accountId,
  });
  // Reads the payment service (the cards), as the confirmation opens and each time the card changes.
  endpoint('quoteSubscription', ({ auth, body }) => quotes.quote(auth.accountId, body), { errors: [409, 503] });
  endpoint('validateSubscription', ({ auth, params }) => billing.validate(auth.accountId, params.id), {
    errors: [402, 409, 503],
    accountLimited: true,
  });
  endpoint('listPaymentMethods', ({ auth }) => cards.list(auth.accountId), { errors: [503] });
  endpoint('addPaymentMethod', ({ auth }) => cards.add(auth.accountId), { errors: [503], accountLimited: true });
  endpoint(
    'deletePaymentMethod',
    async ({ auth, params }) => {
      await cards.remove(auth.accountId, params.id);
    },
    { errors: [409, 503], accountLimited: true },
  );
  endpoint('setDefaultPaymentMethod', ({ auth, body }) => cards.setDefault(auth.accountId, body.paymentMethod), {
    errors: [503],
    accountLimited: true,
  });
  endpoint('listInvoices', ({ auth }) => notices.invoices(auth.accountId));
  endpoint('listPaymentIncidents', () => incidents.list());
  endpoint('reconcilePayments', () => incidents.reconcile(), { errors: [503] });
}
