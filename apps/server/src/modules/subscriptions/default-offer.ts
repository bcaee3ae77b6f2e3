import { z } from 'zod';
import { emptyAsUndefined } from '../../env.ts';
import type { Db } from '../../platform/db.ts';
import { invoices } from './billing.schema.ts';
import { offerSeeds, products, subscriptions } from './subscriptions.schema.ts';

/**
 * The offer a fresh install starts with (issue 29, point 2): without it, every free rehearsal would point to a
 * subscription page with nothing to buy until an administrator made a product. Seeded once, on a database that never
 * had a product, then the administrators' like any other (edit, disable or delete it on /admin/products).
 */
export const DEFAULT_OFFER_ENV = {
  /** `off`: no offer is seeded (administrators make their own). */
  DEFAULT_OFFER: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  DEFAULT_OFFER_NAME_EN: z.preprocess(emptyAsUndefined, z.string().max(100).default('Tutti Unlimited')),
  DEFAULT_OFFER_NAME_FR: z.preprocess(emptyAsUndefined, z.string().max(100).default('Tutti Illimité')),
  /** Monthly, VAT included, in cents of EUR. */
  DEFAULT_OFFER_PRICE_CENTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(999)),
  /** 0: no trial. */
  DEFAULT_OFFER_TRIAL_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(365).default(14)),
};
type DefaultOfferEnv = z.output<z.ZodObject<typeof DEFAULT_OFFER_ENV>>;

export interface DefaultOfferConfig {
  name: { en: string; fr: string };
  priceCents: number;
  /** Days; null: no trial. */
  trialDays: number | null;
}

/** Null: DEFAULT_OFFER=off. */
export function defaultOfferConfig(e: DefaultOfferEnv): DefaultOfferConfig | null {
  if (e.DEFAULT_OFFER === 'off') return null;
  return {
    name: { en: e.DEFAULT_OFFER_NAME_EN, fr: e.DEFAULT_OFFER_NAME_FR },
    priceCents: e.DEFAULT_OFFER_PRICE_CENTS,
    trialDays: e.DEFAULT_OFFER_TRIAL_DAYS > 0 ? e.DEFAULT_OFFER_TRIAL_DAYS : null,
  };
}

const DESCRIPTION = {
  en: 'Rehearse in open sessions as long as you like, every month.',
  fr: 'Répétez en session ouverte aussi longtemps que vous le souhaitez, chaque mois.',
};

const SEED = 'default-offer';

/**
 * Makes the default offer, enabled, when this database never had one: its mark is written in the same transaction,
 * and its primary key makes a second instance starting at the same time wait, then find it and do nothing. A database
 * that had products before the mark existed (products, subscriptions or invoices left) gets the mark and no offer.
 * True when it made the offer.
 */
export async function seedDefaultOffer(db: Db, offer: DefaultOfferConfig | null, at: Date): Promise<boolean> {
  if (!offer) return false;
  return db.transaction(async (tx) => {
    const marked = await tx.insert(offerSeeds).values({ name: SEED, seededAt: at }).onConflictDoNothing().returning();
    if (marked.length === 0) return false;
    for (const table of [products, subscriptions, invoices]) {
      if ((await tx.select({ id: table.id }).from(table).limit(1)).length > 0) return false;
    }
    await tx.insert(products).values({
      nameEn: offer.name.en,
      nameFr: offer.name.fr,
      descriptionEn: DESCRIPTION.en,
      descriptionFr: DESCRIPTION.fr,
      priceCents: offer.priceCents,
      trialLength: offer.trialDays,
      trialUnit: offer.trialDays === null ? null : 'day',
      enabled: true,
      createdAt: at,
      updatedAt: at,
    });
    return true;
  });
}
