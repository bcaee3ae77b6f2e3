import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, PageQuerySchema, PageSchema, requiredOrInvalid, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

import { AvailableProductSchema, ProductBodySchema, ProductPageSchema, ProductSchema } from './products.ts';

/** The products (their schemas in products.ts, re-exported here where the subscriptions' callers read them). */
export * from './products.ts';

/** Stripe's subscription statuses (SPEC section 4; docs/decisions: the ledger keeps the payment service's names). */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** The statuses that lift the free-minutes limit while their period runs (past_due: the renewal is being retried). */
export const CURRENT_STATUSES = ['trialing', 'active', 'past_due'] as const satisfies readonly SubscriptionStatus[];
/** What started a subscription: a card (with or without a trial) or a promo code. */
export const SUBSCRIPTION_SOURCES = ['card', 'promo'] as const;

export const SubscribedProductSchema = ProductSchema.pick({
  id: true,
  name: true,
  priceCents: true,
  currency: true,
  free: true,
}).meta({ id: 'SubscribedProduct' });

export const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    product: SubscribedProductSchema,
    status: z.enum(SUBSCRIPTION_STATUSES),
    source: z.enum(SUBSCRIPTION_SOURCES),
    /** While trialing: when the trial ends (the first charge). */
    trialEnd: z.string().nullable(),
    currentPeriodStart: z.string(),
    /** Paid (or given) until then: the expiry date, or the next renewal when it renews. */
    currentPeriodEnd: z.string(),
    /** It ends at currentPeriodEnd instead of renewing (cancelled, or given by a promo code with no card). */
    cancelAtPeriodEnd: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const MySubscriptionsSchema = z
  .object({
    /** The subscription that lifts the free-minutes limit now (trialing, active or past_due), if any. */
    current: SubscriptionSchema.nullable(),
    /** Ended ones, the most recent first (at most 24). */
    past: z.array(SubscriptionSchema),
    /** A trial is for a first subscription only. */
    trialUsed: z.boolean(),
  })
  .meta({ id: 'MySubscriptions' });
export type MySubscriptions = z.infer<typeof MySubscriptionsSchema>;

export const AccountSubscriptionSchema = z
  .object({ current: SubscriptionSchema.nullable() })
  .meta({ id: 'AccountSubscription' });

/** SPEC section 9. Optional (cancelling is as easy as subscribing); "other" may say more in a counted text. */
export const CANCELLATION_REASONS = ['no_musician', 'connection_issues', 'device_not_detected', 'other'] as const;
export const CANCELLATION_TEXT_MAX = 500;
export const CancelSubscriptionBodySchema = z.object({
  reason: z.enum(CANCELLATION_REASONS, requiredOrInvalid).optional(),
  text: text({ multiline: true, error: 'invalid' }).trim().max(CANCELLATION_TEXT_MAX, code('too_long')).optional(),
});
export type CancelSubscriptionBody = z.infer<typeof CancelSubscriptionBodySchema>;

/** The administrators' list: by status, or the ones cancelled that still run to their period's end. */
export const SUBSCRIPTION_FILTERS = ['all', ...SUBSCRIPTION_STATUSES, 'canceling'] as const;
/** Newest first by default; by the musician's username, or by the end of the current period (the next renewal). */
export const SUBSCRIPTION_SORTS = ['createdAt', 'username', 'currentPeriodEnd'] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];
export const SubscriptionsQuerySchema = PageQuerySchema.extend({
  filter: z.enum(SUBSCRIPTION_FILTERS, requiredOrInvalid).default('all'),
  /** The musician: their id, or a part of their username, displayed name or email. */
  q: text({ error: 'invalid' }).trim().max(100, code('too_long')).optional(),
  sort: z.enum(SUBSCRIPTION_SORTS, code('invalid')).default('createdAt'),
  order: z.enum(['asc', 'desc'], code('invalid')).default('desc'),
});
export const AdminSubscriptionSchema = SubscriptionSchema.extend({
  account: z.object({ id: z.uuid(), username: z.string(), email: z.string() }),
  cancellation: z
    .object({ at: z.string(), reason: z.enum(CANCELLATION_REASONS).nullable(), text: z.string().nullable() })
    .nullable(),
}).meta({ id: 'AdminSubscription' });
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>;
export const AdminSubscriptionPageSchema = PageSchema(AdminSubscriptionSchema).meta({ id: 'AdminSubscriptionPage' });
export type AdminSubscriptionPage = z.infer<typeof AdminSubscriptionPageSchema>;

/** Promo codes ("product tokens"): each gives `months` of a product; single or multi-use, with an expiry. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{4,32}$/;
export const PROMO_MONTHS_MAX = 24;
export const PROMO_USES_MAX = 100_000;
export const PRODUCT_TOKENS_MAX = 500;

export const ProductTokenSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    product: SubscribedProductSchema,
    /** Months of the product it gives (added to a current subscription's period). */
    months: z.number().int(),
    maxUses: z.number().int(),
    uses: z.number().int(),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ProductToken' });
export type ProductToken = z.infer<typeof ProductTokenSchema>;

export const CreateProductTokenBodySchema = z.object({
  /** Upper-case letters, digits and dashes; made up when left out. */
  code: text({ error: 'invalid' })
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(PROMO_CODE_PATTERN, code('invalid')))
    .optional(),
  productId: z.uuid(requiredOrInvalid),
  months: z
    .number(requiredOrInvalid)
    .int(code('invalid'))
    .min(1, code('invalid'))
    .max(PROMO_MONTHS_MAX, code('invalid')),
  maxUses: z
    .number(requiredOrInvalid)
    .int(code('invalid'))
    .min(1, code('invalid'))
    .max(PROMO_USES_MAX, code('invalid'))
    .default(1),
  expiresAt: z.iso
    .datetime({ offset: true, ...code('invalid') })
    .nullable()
    .default(null),
});
export type CreateProductTokenBody = z.infer<typeof CreateProductTokenBodySchema>;

/** SPEC section 5: an empty code is "Please input your discount code." (field code required). */
export const ClaimTokenBodySchema = z.object({
  code: text({ error: 'required' }).trim().min(1, code('required')).max(64, code('invalid')),
});

export const subscriptionEndpoints = {
  listProducts: def({
    method: 'GET',
    path: 'v1/products',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Every product, enabled or not, the most recent first (paged)',
    query: PageQuerySchema,
    response: ProductPageSchema,
  }),
  getProduct: def({
    method: 'GET',
    path: 'v1/products/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'One product',
    params: IdParamsSchema,
    response: ProductSchema,
  }),
  createProduct: def({
    audit: 'product.create',
    method: 'POST',
    path: 'v1/products',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Add a product (disabled until enabled)',
    body: ProductBodySchema,
    response: ProductSchema,
    status: 201,
  }),
  updateProduct: def({
    audit: 'product.update',
    method: 'PUT',
    path: 'v1/products/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: "Change a product's names, price and trial (current subscribers pay the new price from their next period)",
    params: IdParamsSchema,
    body: ProductBodySchema,
    response: ProductSchema,
  }),
  deleteProduct: def({
    audit: 'product.delete',
    method: 'DELETE',
    path: 'v1/products/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Remove a product nobody ever subscribed to (409 PRODUCT_IN_USE otherwise: disable it)',
    params: IdParamsSchema,
    response: null,
  }),
  enableProduct: def({
    audit: 'product.enable',
    method: 'POST',
    path: 'v1/products/{id}/enable',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Offer a product to musicians',
    params: IdParamsSchema,
    response: ProductSchema,
  }),
  disableProduct: def({
    audit: 'product.disable',
    method: 'POST',
    path: 'v1/products/{id}/disable',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Stop offering a product (its subscribers keep it)',
    params: IdParamsSchema,
    response: ProductSchema,
  }),
  listAvailableProducts: def({
    method: 'GET',
    path: 'v1/me/available-products',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary: 'The paid products offered to me, the cheapest first, each saying whether I may start its trial',
    response: z.array(AvailableProductSchema),
  }),
  listMySubscriptions: def({
    method: 'GET',
    path: 'v2/me/subscriptions',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary: 'My current subscription, the ended ones, and whether my trial is used',
    response: MySubscriptionsSchema,
  }),
  cancelSubscription: def({
    method: 'POST',
    path: 'v3/me/subscriptions/{id}/cancel',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'subscriptions',
    summary:
      'Cancel my subscription at the end of its period, with an optional reason; no password, a confirmation email (409 SUBSCRIPTION_STATE_CONFLICT once it ended)',
    params: IdParamsSchema,
    body: CancelSubscriptionBodySchema,
    response: SubscriptionSchema,
  }),
  restoreSubscription: def({
    method: 'POST',
    path: 'v2/me/subscriptions/{id}/restore',
    access: 'user',
    authz: AUTHZ.ownerOnly,
    tag: 'subscriptions',
    summary:
      'Undo my cancellation before the period ends: it renews again (409 SUBSCRIPTION_STATE_CONFLICT once ended, or when nothing can renew it)',
    params: IdParamsSchema,
    response: SubscriptionSchema,
  }),
  listSubscriptions: def({
    method: 'GET',
    path: 'v1/subscriptions',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Every subscription with its account, the most recent first, by status (paged)',
    query: SubscriptionsQuerySchema,
    response: AdminSubscriptionPageSchema,
  }),
  getAccountSubscription: def({
    method: 'GET',
    path: 'v1/accounts/{id}/subscription',
    access: 'user',
    authz: AUTHZ.ownerOrAdmin,
    tag: 'subscriptions',
    summary: "An account's current subscription: the account itself, or an administrator",
    params: IdParamsSchema,
    response: AccountSubscriptionSchema,
  }),
  listProductTokens: def({
    method: 'GET',
    path: 'v1/product-tokens',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Promo codes, the most recent first, with their uses',
    response: z.array(ProductTokenSchema),
  }),
  createProductToken: def({
    audit: 'promoCode.create',
    method: 'POST',
    path: 'v1/product-tokens',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Add a promo code giving months of a product (409 when the code exists)',
    body: CreateProductTokenBodySchema,
    response: ProductTokenSchema,
    status: 201,
  }),
  deleteProductToken: def({
    audit: 'promoCode.delete',
    method: 'DELETE',
    path: 'v1/product-tokens/{id}',
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'subscriptions',
    summary: 'Remove a promo code (what it already gave stays)',
    params: IdParamsSchema,
    response: null,
  }),
  claimProductToken: def({
    method: 'POST',
    path: 'v1/subscriptions/tokens/claim',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'subscriptions',
    summary:
      'Use a promo code: months of its product, added to my current subscription (404 PROMO_CODE_UNKNOWN, 409 PROMO_CODE_USED)',
    body: ClaimTokenBodySchema,
    response: SubscriptionSchema,
  }),
} as const;
