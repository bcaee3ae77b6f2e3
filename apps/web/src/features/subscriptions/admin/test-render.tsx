import type { AdminSubscription, Product, ProductToken } from '@tutti/contract/subscriptions';

// The administration's one test harness; the subscriptions' own fixtures follow.
export { ADMIN_USER, errorBody, json, pageOf, renderAdminAt } from '../../../../test/admin-render';

export function productOf(patch: Partial<Product> = {}): Product {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    name: { en: 'Band plan', fr: 'Formule groupe' },
    description: { en: 'Unlimited open rehearsals.', fr: 'Répétitions ouvertes illimitées.' },
    priceCents: 999,
    currency: 'EUR',
    free: false,
    trial: { length: 14, unit: 'day' },
    enabled: true,
    createdAt: '2030-12-01T12:00:00.000Z',
    updatedAt: '2030-12-01T12:00:00.000Z',
    ...patch,
  };
}

export function tokenOf(patch: Partial<ProductToken> = {}): ProductToken {
  const { id, name, priceCents, currency, free } = productOf();
  return {
    id: '77777777-7777-4777-8777-777777777777',
    code: 'SPRING-24',
    product: { id, name, priceCents, currency, free },
    months: 3,
    maxUses: 10,
    uses: 3,
    expiresAt: null,
    createdAt: '2030-12-02T12:00:00.000Z',
    ...patch,
  };
}

export function adminSubscriptionOf(patch: Partial<AdminSubscription> = {}): AdminSubscription {
  const { id, name, priceCents, currency, free } = productOf();
  return {
    id: '66666666-6666-4666-8666-666666666666',
    product: { id, name, priceCents, currency, free },
    status: 'active',
    source: 'card',
    trialEnd: null,
    currentPeriodStart: '2030-12-15T12:00:00.000Z',
    currentPeriodEnd: '2031-01-15T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    createdAt: '2030-12-15T12:00:00.000Z',
    account: { id: '11111111-1111-4111-8111-111111111111', username: 'ana', email: 'ana@example.org' },
    cancellation: null,
    ...patch,
  };
}
