import { z } from 'zod';
import { LocalizedNameSchema, PageSchema, requiredOrInvalid, text } from './common.ts';
import { fieldCode as code } from './errors.ts';

/** Subscriptions and payments (SPEC sections 3, 7 and 9): the products musicians subscribe to. Amounts are integer
 *  cents of EUR, per month, computed on the server only. */
export const CURRENCY = 'EUR' as const;
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
