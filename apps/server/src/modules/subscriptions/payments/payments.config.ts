import { z } from 'zod';
import { emptyAsUndefined, optionalString } from '../../../env.ts';

/**
 * Which payment service charges cards: the embedded sandbox (the default, with no setting) or Stripe, once its three
 * keys are set (docs/deployment.md, "Payments"). The seller's details are printed on invoices.
 */
export type PaymentsConfig = {
  provider: { kind: 'sandbox' } | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  seller: { name: string; address: string; vatNumber: string | null; email: string | null };
  /** How often the renewal and dunning jobs look for due work. */
  renewalIntervalMs: number;
};

/** The payment variables, part of the environment's schema (config.ts). */
export const PAYMENTS_ENV = {
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  SELLER_NAME: z.preprocess(emptyAsUndefined, z.string().default('Tutti')),
  SELLER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().default('')),
  SELLER_VAT_NUMBER: optionalString,
  SELLER_EMAIL: optionalString,
  BILLING_JOB_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(60_000)),
};
type PaymentsEnv = z.output<z.ZodObject<typeof PAYMENTS_ENV>>;

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe takes its three keys or none: one forgotten is a configuration error, not a silent sandbox. */
export function paymentsEnvProblems(e: PaymentsEnv): { path: string; message: string }[] {
  const set = STRIPE_KEYS.filter((k) => e[k] !== undefined);
  if (set.length === 0 || set.length === STRIPE_KEYS.length) return [];
  return STRIPE_KEYS.filter((k) => e[k] === undefined).map((path) => ({
    path,
    message: `required with ${set.join(', ')}`,
  }));
}

export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  return {
    provider:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            kind: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : { kind: 'sandbox' },
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS.replace(/\\n/g, '\n'),
      vatNumber: e.SELLER_VAT_NUMBER ?? null,
      email: e.SELLER_EMAIL ?? null,
    },
    renewalIntervalMs: e.BILLING_JOB_INTERVAL_MS,
  };
}
