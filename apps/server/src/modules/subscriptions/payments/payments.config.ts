import type { Locale } from '@tutti/contract/common';
import { z } from 'zod';
import { emptyAsUndefined, optionalString } from '../../../env.ts';

/**
 * Which payment service charges cards: the embedded sandbox (the default, with no setting) or Stripe, once its three
 * keys are set (docs/deployment.md, "Payments"). The seller's details and the VAT are printed on invoices (issue 29:
 * invoice-tax.ts).
 */
export type PaymentsConfig = {
  provider: { kind: 'sandbox' } | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  seller: {
    name: string;
    address: string;
    registrationNumber: string | null;
    vatNumber: string | null;
    email: string | null;
  };
  /** The VAT rate prices include, in basis points (2000 = 20 %), or the mention printed when VAT does not apply. */
  vat: { rateBp: number } | { exemption: Record<Locale, string> };
  /** How often the renewal and dunning jobs look for due work. */
  renewalIntervalMs: number;
};

/** The payment variables, part of the environment's schema (config.ts). */
export const PAYMENTS_ENV = {
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Unset name: "Tutti" (the sandbox's invoices); live Stripe keys require the seller's identity.
  SELLER_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_REGISTRATION_NUMBER: optionalString,
  SELLER_VAT_NUMBER: optionalString,
  SELLER_EMAIL: optionalString,
  /** Percent, VAT included in every price (20, 5.5); unset: 20, unless VAT_EXEMPTION says VAT does not apply. */
  VAT_RATE: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100).optional()),
  /** The mention invoices print instead of VAT ("TVA non applicable, art. 293 B du CGI"); VAT_EXEMPTION_EN for
   *  invoices in English (default: the same text). */
  VAT_EXEMPTION: optionalString,
  VAT_EXEMPTION_EN: optionalString,
  BILLING_JOB_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(60_000)),
};
type PaymentsEnv = z.output<z.ZodObject<typeof PAYMENTS_ENV>>;

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Keys that take real money (Stripe's live mode; restricted keys included). */
const isLiveKey = (key: string | undefined) => key !== undefined && /^(sk|rk)_live_/.test(key);

/**
 * Stripe takes its three keys or none: one forgotten is a configuration error, not a silent sandbox. Real money needs
 * invoices an accountant accepts: with live keys, the seller's name, address and registration number, and its VAT
 * number unless VAT_EXEMPTION says VAT does not apply. A rate and an exemption together contradict each other.
 */
export function paymentsEnvProblems(e: PaymentsEnv): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const set = STRIPE_KEYS.filter((k) => e[k] !== undefined);
  if (set.length > 0 && set.length < STRIPE_KEYS.length) {
    for (const path of STRIPE_KEYS.filter((k) => e[k] === undefined)) {
      problems.push({ path, message: `required with ${set.join(', ')}` });
    }
  }
  if (e.VAT_RATE !== undefined && e.VAT_EXEMPTION !== undefined) {
    problems.push({ path: 'VAT_EXEMPTION', message: 'VAT_RATE says VAT applies: set one or the other' });
  }
  if (isLiveKey(e.STRIPE_SECRET_KEY)) {
    const required = ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_REGISTRATION_NUMBER'] as const;
    const missing = [...required, ...(e.VAT_EXEMPTION === undefined ? (['SELLER_VAT_NUMBER'] as const) : [])].filter(
      (k) => e[k] === undefined,
    );
    for (const path of missing) {
      problems.push({
        path,
        message: `required with live Stripe keys: invoices name the seller${
          path === 'SELLER_VAT_NUMBER' ? ' (or set VAT_EXEMPTION when VAT does not apply)' : ''
        }`,
      });
    }
  }
  return problems;
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
      name: e.SELLER_NAME ?? 'Tutti',
      address: (e.SELLER_ADDRESS ?? '').replace(/\\n/g, '\n'),
      registrationNumber: e.SELLER_REGISTRATION_NUMBER ?? null,
      vatNumber: e.SELLER_VAT_NUMBER ?? null,
      email: e.SELLER_EMAIL ?? null,
    },
    vat:
      e.VAT_EXEMPTION !== undefined
        ? { exemption: { fr: e.VAT_EXEMPTION, en: e.VAT_EXEMPTION_EN ?? e.VAT_EXEMPTION } }
        : { rateBp: Math.round((e.VAT_RATE ?? 20) * 100) },
    renewalIntervalMs: e.BILLING_JOB_INTERVAL_MS,
  };
}
