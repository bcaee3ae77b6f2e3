import { AVAILABLE_PRODUCTS_KEY } from '../../../lib/shared-query-keys';

/** Every subscriptions query key in one place: a promo code applied or a subscription started refreshes them all. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: ['subscriptions', 'mine'] as const,
  available: AVAILABLE_PRODUCTS_KEY,
  freeMinutes: ['subscriptions', 'free-minutes'] as const,
  cards: ['subscriptions', 'cards'] as const,
  invoices: ['subscriptions', 'invoices'] as const,
  /** What a card pays today: asked each time the confirmation shows. */
  quote: ['subscriptions', 'quote'] as const,
  /** Not under `all`: a refresh must not create a new SetupIntent. */
  cardSetup: ['card-setup'] as const,
};
