import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';
import { CURRENCY, SubscriptionSchema } from './subscriptions.ts';

/**
 * Payments, the second half of the subscriptions domain (SPEC sections 3, 4 and 7): saved cards, subscribing with a
 * trial or a first charge, invoices. Its own file because subscriptions.ts holds the ledger's products and codes; both
 * are assembled in http.ts. The payment service (Stripe, or the embedded sandbox that answers as Stripe does) keeps
 * the cards; Tutti keeps the ledger.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** SPEC section 3, Payment card: what is shown of a saved card (never its number). */
export const PaymentCardSchema = z
  .object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    /** The card renewals charge. */
    isDefault: z.boolean(),
  })
  .meta({ id: 'PaymentCard' });
export type PaymentCard = z.infer<typeof PaymentCardSchema>;

export const PaymentMethodsSchema = z
  .object({
    items: z.array(PaymentCardSchema),
    /** Whether a card may be removed: not the last one while a subscription renews with it. */
    lastCardRequired: z.boolean(),
  })
  .meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

/** What the payment form needs to save a card: Stripe's SetupIntent client secret and the publishable key. With the
 *  sandbox, the form posts the card to `confirmUrl` (standing in for Stripe.js) instead of loading Stripe's element. */
export const CardSetupSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    publishableKey: z.string(),
    setupIntentId: z.string(),
    clientSecret: z.string(),
    /** Sandbox only: where the page confirms the SetupIntent with the card details (same origin). */
    confirmUrl: z.string().nullable(),
  })
  .meta({ id: 'CardSetup' });
export type CardSetup = z.infer<typeof CardSetupSchema>;

/** A saved card's id at the payment service (Stripe's `pm_…`). */
const paymentMethodId = text({ error: 'required' })
  .trim()
  .min(1, code('required'))
  .regex(/^pm_[\w-]{1,250}$/, code('invalid'));
export const DefaultCardBodySchema = z.object({ paymentMethod: paymentMethodId });
export const CardParamsSchema = z.object({ id: paymentMethodId });

const productId = z.uuid({ error: (i) => (i.input === undefined ? 'required' : 'invalid') });

/** SPEC section 5: confirming a subscription takes the password. A paid first month is charged to the default card
 *  (or `paymentMethod`, saved first through the payment form). `expectedAmountCents` is what the page showed from the
 *  quote: when the server would charge anything else today, it charges nothing (409 AMOUNT_CHANGED with the new
 *  quote). */
export const SubscribeBodySchema = z.object({
  productId,
  password: text({ error: 'required' }).min(1, code('required')).max(200, code('invalid')),
  paymentMethod: paymentMethodId.optional(),
  idempotencyKey: z.uuid().optional(),
  expectedAmountCents: z.number(code('invalid')).int(code('invalid')).min(0, code('invalid')).optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

/** What the quote is asked for: a product with a card (the default card when left out). */
export const QuoteBodySchema = z.object({ productId, paymentMethod: paymentMethodId.optional() });
export type QuoteBody = z.infer<typeof QuoteBodySchema>;

/** What this account, with this card, pays today if it subscribes now: the trial (once per account and once per card,
 *  the rule subscribing applies) or the first month. The page shows it and sends `amountTodayCents` back as the
 *  subscribe call's `expectedAmountCents`. */
export const SubscriptionQuoteSchema = z
  .object({
    productId: z.uuid(),
    /** The card the quote is for. */
    paymentMethod: z.string(),
    trial: z.boolean(),
    /** Charged now: 0 with a trial. */
    amountTodayCents: z.number().int(),
    /** Charged each month after (after the trial, with one). */
    priceCents: z.number().int(),
    currency: z.literal(CURRENCY),
    /** With a trial: when it ends, the first charge. */
    trialEnd: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionQuote' });
export type SubscriptionQuote = z.infer<typeof SubscriptionQuoteSchema>;

/** A first payment the bank wants the musician to confirm (strong customer authentication): the page asks, then
 *  calls validate. With the sandbox, `authenticateUrl` stands in for the bank's page. */
export const PendingPaymentSchema = z
  .object({
    status: z.literal('requires_action'),
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    /** What Stripe.js (or the sandbox's stand-in for the bank's page) is loaded with. */
    publishableKey: z.string(),
    authenticateUrl: z.string().nullable(),
  })
  .meta({ id: 'PendingPayment' });

export const SubscribeResultSchema = z
  .object({
    subscription: SubscriptionSchema,
    /** Null when nothing waits: the trial started or the first month is paid. */
    payment: PendingPaymentSchema.nullable(),
  })
  .meta({ id: 'SubscribeResult' });
export type SubscribeResult = z.infer<typeof SubscribeResultSchema>;

/** Stripe's invoice statuses; SPEC section 4 shows them as paid, waiting (open), error (uncollectible), canceled
 *  (void). */
export const INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const InvoiceSchema = z
  .object({
    id: z.uuid(),
    /** The number printed on the PDF: TUTTI-2027-000042. */
    number: z.string(),
    /** SPEC section 3: date, amount, status, PDF. */
    createdAt: z.string(),
    amountCents: z.number().int(),
    currency: z.literal(CURRENCY),
    status: z.enum(INVOICE_STATUSES),
    productName: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    paidAt: z.string().nullable(),
    /** While open after a failed renewal: when the card is tried again. */
    nextAttemptAt: z.string().nullable(),
    /** Why the last charge failed (Stripe's decline code, or its error code), if it did. */
    failureCode: z.string().nullable(),
    /** A signed address, valid for an hour, that opens the PDF in the account's language. */
    pdfUrl: z.string(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof InvoiceSchema>;

/** A succeeded payment the ledger does not account for (docs/decisions/0031): its invoice is missing, void, or paid
 *  by another payment. */
export const PAYMENT_INCIDENT_KINDS = ['missing_invoice', 'void_invoice', 'paid_twice'] as const;
/** open: not resolved yet (a refund failed: `error` says why); attached: it paid an open invoice of the same account
 *  instead; refunded: given back through the payment service. */
export const PAYMENT_INCIDENT_STATUSES = ['open', 'attached', 'refunded'] as const;

export const PaymentIncidentSchema = z
  .object({
    id: z.uuid(),
    /** The provider's payment (Stripe's `pi_…`). */
    paymentIntentId: z.string(),
    kind: z.enum(PAYMENT_INCIDENT_KINDS),
    status: z.enum(PAYMENT_INCIDENT_STATUSES),
    amountCents: z.number().int(),
    currency: z.literal(CURRENCY),
    /** The invoice the payment names (it may not exist). */
    invoiceId: z.string().nullable(),
    /** Whose money it was (null once the account is erased, or when the payment names no account). */
    account: z.object({ id: z.uuid(), username: z.string(), email: z.string() }).nullable(),
    /** The open invoice it paid instead. */
    attachedInvoiceId: z.uuid().nullable(),
    refundId: z.string().nullable(),
    /** Why it is still open (a refund the provider refused). */
    error: z.string().nullable(),
    detectedBy: z.enum(['webhook', 'reconciliation']),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'PaymentIncident' });
export type PaymentIncident = z.infer<typeof PaymentIncidentSchema>;

/** What one reconciliation found: the provider's succeeded payments over the window, compared with the ledger. */
export const ReconciliationReportSchema = z
  .object({
    /** The window's start. */
    since: z.string(),
    /** Succeeded payments read from the provider. */
    charges: z.number().int(),
    /** New incidents opened (each attached or refunded, or left open with its error). */
    incidents: z.number().int(),
    /** Payments of open invoices the ledger had not settled yet (a lost webhook): settled now. */
    settled: z.number().int(),
  })
  .meta({ id: 'ReconciliationReport' });
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>;

export const paymentEndpoints = {
  subscribe: def({
    method: 'POST',
    path: 'v2/me/subscriptions',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary:
      'Subscribe to a product, confirmed with my password: a trial (first subscription, first card) or a first month charged now; a second submit returns the same subscription (402 PAYMENT_FAILED with the decline code, 409 PAYMENT_METHOD_REQUIRED, SUBSCRIPTION_STATE_CONFLICT, or AMOUNT_CHANGED with the new quote when the amount due today is not expectedAmountCents: nothing charged)',
    body: SubscribeBodySchema,
    response: SubscribeResultSchema,
    status: 201,
  }),
  quoteSubscription: def({
    method: 'POST',
    path: 'v1/me/subscriptions/quote',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary:
      'What I would pay today for a product with one of my cards (the default when left out): trial or not, the amount now, the price after; beyond the SPEC, so the confirmation shows what subscribing charges (400 when the product is not offered, 409 PAYMENT_METHOD_REQUIRED)',
    body: QuoteBodySchema,
    response: SubscriptionQuoteSchema,
  }),
  validateSubscription: def({
    method: 'POST',
    path: 'v1/subscriptions/{id}/validate',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'subscriptions',
    summary:
      'Complete my subscription once its first payment is authenticated (402 PAYMENT_FAILED when the authentication failed, 409 while it still waits)',
    params: IdParamsSchema,
    response: SubscriptionSchema,
  }),
  listPaymentMethods: def({
    method: 'GET',
    path: 'v1/me/payments/methods',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary: 'My saved cards, the default first',
    response: PaymentMethodsSchema,
  }),
  addPaymentMethod: def({
    method: 'POST',
    path: 'v1/me/payments/methods',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary:
      'Start saving a card: the SetupIntent the payment form confirms (the card number never reaches Tutti); the first card becomes the default',
    response: CardSetupSchema,
    status: 201,
  }),
  deletePaymentMethod: def({
    method: 'DELETE',
    path: 'v1/me/payments/methods/{id}',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'subscriptions',
    summary: 'Remove one of my cards (409 LAST_PAYMENT_METHOD: never the last one while a subscription renews)',
    params: CardParamsSchema,
    response: null,
  }),
  setDefaultPaymentMethod: def({
    method: 'PUT',
    path: 'v1/me/payments/methods/default',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'subscriptions',
    summary: 'Make one of my cards the one renewals charge',
    body: DefaultCardBodySchema,
    response: PaymentMethodsSchema,
  }),
  listPaymentIncidents: def({
    method: 'GET',
    path: 'v1/payments/incidents',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary:
      'Payments the ledger does not account for (invoice missing, void or paid by another payment), the most recent first (200 at most), with what was done: attached to an open invoice, refunded, or still open',
    response: z.array(PaymentIncidentSchema),
  }),
  reconcilePayments: def({
    method: 'POST',
    path: 'v1/payments/reconciliation',
    access: 'admin',
    authz: AUTHZ.admins,
    audit: 'payments.reconcile',
    tag: 'subscriptions',
    summary:
      "Compare the payment service's succeeded payments of the last days with the ledger now (the billing job does it daily): incidents opened and resolved, lost payments settled",
    response: ReconciliationReportSchema,
  }),
  listInvoices: def({
    method: 'GET',
    path: 'v1/me/payments/invoices',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary: 'My invoices, the most recent first, each with the address of its PDF',
    response: z.array(InvoiceSchema),
  }),
} as const;
