import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, LocalizedNameSchema, PageQuerySchema, PageSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

/** Subscriptions and payments (SPEC sections 3, 7 and 9): the products musicians subscribe to. Amounts are integer
 *  cents of EUR, per month, computed on the server only. */
export const CURRENCY = 'EUR';
/** The smallest amount a card can be charged in EUR (Stripe's minimum): a paid product costs at least this. */
export const PRODUCT_PRICE_MIN_CENTS = 50;
/** 1,000 € a month: above that an amount is a typo. */
export const PRODUCT_PRICE_MAX_CENTS = 100_000;
export const TRIAL_UNITS = ['day', 'month'] as const;
/** The longest trial a product may offer, per unit. */
export const TRIAL_MAX: Record<(typeof TRIAL_UNITS)[number], number> = { day: 90, month: 12 };
export const PRODUCT_NAME_MAX = 60;
export const PRODUCT_DESCRIPTION_MAX = 300;

export const TrialSchema = z
  .object({
    length: z.number().int(),
    unit: z.enum(TRIAL_UNITS),
  })
  .meta({ id: 'Trial' });
export type Trial = z.infer<typeof TrialSchema>;

export const ProductSchema = z
  .object({
    id: z.uuid(),
    name: LocalizedNameSchema,
    description: LocalizedNameSchema,
    /** Per month, in cents of `currency`; 0 for a free product. */
    priceCents: z.number().int(),
    currency: z.literal(CURRENCY),
    /** Given by a promo code, never charged: subscribing to it takes no card. */
    free: z.boolean(),
    /** The free trial a first-time subscriber gets, if any. */
    trial: TrialSchema.nullable(),
    /** Offered to musicians; a disabled product keeps its subscribers until they leave. */
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;
export const ProductPageSchema = PageSchema(ProductSchema).meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** A product as a musician is offered it: with whether this musician may still start its trial. */
export const AvailableProductSchema = ProductSchema.omit({ enabled: true, createdAt: true, updatedAt: true })
  .extend({ trialAvailable: z.boolean() })
  .meta({ id: 'AvailableProduct' });
export type AvailableProduct = z.infer<typeof AvailableProductSchema>;

const requiredOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : 'invalid'),
};
const productName = text({ error: 'required' }).trim().min(1, code('required')).max(PRODUCT_NAME_MAX, code('too_long'));
const productDescription = text({ multiline: true, error: 'invalid' })
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, code('too_long'));

export const ProductBodySchema = z
  .object({
    name: z.strictObject({ en: productName, fr: productName }, requiredOrInvalid),
    description: z
      .strictObject({ en: productDescription.default(''), fr: productDescription.default('') }, requiredOrInvalid)
      .default({ en: '', fr: '' }),
    priceCents: z
      .number(requiredOrInvalid)
      .int(code('invalid'))
      .min(0, code('invalid'))
      .max(PRODUCT_PRICE_MAX_CENTS, code('invalid')),
    free: z.boolean(requiredOrInvalid).default(false),
    trial: z
      .strictObject(
        {
          length: z.number(requiredOrInvalid).int(code('invalid')).min(1, code('invalid')),
          unit: z.enum(TRIAL_UNITS, requiredOrInvalid),
        },
        requiredOrInvalid,
      )
      .refine((t) => t.length <= TRIAL_MAX[t.unit], { ...code('trial_too_long'), path: ['length'] })
      .nullable()
      .default(null),
  })
  // A free product costs nothing; a paid one at least what a card can be charged.
  .refine((p) => !p.free || p.priceCents === 0, { ...code('free_product_price'), path: ['priceCents'] })
  .refine((p) => p.free || p.priceCents >= PRODUCT_PRICE_MIN_CENTS, { ...code('price_too_low'), path: ['priceCents'] })
  // A trial is the free start of a paid product.
  .refine((p) => !p.free || p.trial === null, { ...code('free_product_trial'), path: ['trial'] });
export type ProductBody = z.infer<typeof ProductBodySchema>;

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
} as const;
