import { expect } from 'vitest';
import { subscriptions } from '../../src/platform/schema.ts';
import { call, type TestApp } from './app.ts';
import { freshCardNumber, listCards, paidProduct, saveCard } from './payments.ts';
import type { SignedInUser } from './users.ts';

/** The authorization matrix's fixtures for cards, subscribing and invoices (authz-matrix.test.ts holds the rest). */
interface PaymentsWorld {
  t: TestApp;
  owner: SignedInUser;
  admin: SignedInUser;
  fresh(role: 'guest' | 'owner' | 'other' | 'admin'): Promise<SignedInUser>;
}
type Role = 'guest' | 'owner' | 'other' | 'admin';
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
}

/** A card of the owner's that no other test touches: each role's call gets a new one (the owner's call removes it). */
const ownersCard = async (w: PaymentsWorld): Promise<string> => {
  await saveCard(w.t, w.owner, freshCardNumber());
  const cards = await listCards(w.t, w.owner);
  return cards.json.items[0]!.id;
};

/** A paid product, and an account of the role's own with a card (one subscription per account; the guest's call
 *  comes with no token). */
const productAndCard = async (w: PaymentsWorld, role: Role, trial?: null) => {
  const product = await paidProduct(w.t, w.admin, trial === null ? { trial } : {});
  const user = await w.fresh(role === 'guest' ? 'owner' : role);
  await saveCard(w.t, user, freshCardNumber());
  return { product, user, token: role !== 'guest' ? { token: user.accessToken } : {} };
};

export const paymentFixtures = {
  subscribe: async (w: PaymentsWorld, role: Role): Promise<Request> => {
    const { product, user, token } = await productAndCard(w, role, null);
    return { body: { productId: product.id, password: user.password }, ...token };
  },
  quoteSubscription: async (w: PaymentsWorld, role: Role): Promise<Request> => {
    const { product, token } = await productAndCard(w, role);
    return { body: { productId: product.id }, ...token };
  },
  listPaymentMethods: async (): Promise<Request> => ({}),
  addPaymentMethod: async (): Promise<Request> => ({ body: {} }),
  deletePaymentMethod: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await ownersCard(w) } }),
  setDefaultPaymentMethod: async (w: PaymentsWorld): Promise<Request> => ({
    body: { paymentMethod: await ownersCard(w) },
  }),
  listInvoices: async (): Promise<Request> => ({}),
  listPaymentIncidents: async (): Promise<Request> => ({}),
  reconcilePayments: async (): Promise<Request> => ({}),
};

const PRODUCT_BODY = {
  name: { en: 'Band', fr: 'Groupe' },
  priceCents: 999,
  trial: { length: 14, unit: 'day' },
};

const product = async (w: PaymentsWorld): Promise<string> => {
  const res = await call<{ id: string }>(w.t, 'POST', 'v1/products', {
    token: w.admin.accessToken,
    body: PRODUCT_BODY,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
};

/** A subscription of the owner paid by card, as a successful payment writes it in the ledger. */
const ownersSubscription = async (w: PaymentsWorld): Promise<string> => {
  const [row] = await w.t.app.tutti.database.db
    .insert(subscriptions)
    .values({
      accountId: w.owner.id,
      productId: await product(w),
      status: 'active',
      currentPeriodEnd: new Date(w.t.clock.now().getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: true,
    })
    .returning({ id: subscriptions.id });
  return row!.id;
};

const productToken = async (w: PaymentsWorld): Promise<string> => (await newProductToken(w)).id;
const productTokenCode = async (w: PaymentsWorld): Promise<string> => (await newProductToken(w)).code;
const newProductToken = async (w: PaymentsWorld): Promise<{ id: string; code: string }> => {
  const res = await call<{ id: string; code: string }>(w.t, 'POST', 'v1/product-tokens', {
    token: w.admin.accessToken,
    body: { productId: await product(w), months: 1, maxUses: 10 },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
};

const none = async (): Promise<Request> => ({});

/** Products, promo codes and the subscriptions ledger. */
export const subscriptionFixtures = {
  listProducts: none,
  getProduct: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await product(w) } }),
  createProduct: async (): Promise<Request> => ({ body: PRODUCT_BODY }),
  updateProduct: async (w: PaymentsWorld): Promise<Request> => ({
    params: { id: await product(w) },
    body: { ...PRODUCT_BODY, priceCents: 1299 },
  }),
  deleteProduct: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await product(w) } }),
  enableProduct: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await product(w) } }),
  disableProduct: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await product(w) } }),
  listAvailableProducts: none,
  listMySubscriptions: none,
  cancelSubscription: async (w: PaymentsWorld): Promise<Request> => ({
    params: { id: await ownersSubscription(w) },
    body: { reason: 'other' },
  }),
  restoreSubscription: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await ownersSubscription(w) } }),
  listSubscriptions: async (): Promise<Request> => ({ query: { filter: 'active' } }),
  getAccountSubscription: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: w.owner.id } }),
  listProductTokens: none,
  createProductToken: async (w: PaymentsWorld): Promise<Request> => ({
    body: { productId: await product(w), months: 1 },
  }),
  deleteProductToken: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await productToken(w) } }),
  // Each role uses a code of its own (a code is used once per account).
  claimProductToken: async (w: PaymentsWorld): Promise<Request> => ({ body: { code: await productTokenCode(w) } }),
  validateSubscription: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await ownersSubscription(w) } }),
};
