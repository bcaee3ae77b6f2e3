import type { TestApp } from './app.ts';
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
  body?: unknown;
  token?: string;
}

/** A card of the owner's that no other test touches: each role's call gets a new one (the owner's call removes it). */
const ownersCard = async (w: PaymentsWorld): Promise<string> => {
  await saveCard(w.t, w.owner, freshCardNumber());
  const cards = await listCards(w.t, w.owner);
  return cards.json.items[0]!.id;
};

export const paymentFixtures = {
  // Each role subscribes with an account of its own that has a card (one subscription per account).
  subscribe: async (w: PaymentsWorld, role: Role): Promise<Request> => {
    const product = await paidProduct(w.t, w.admin, { trial: null });
    const user = await w.fresh(role === 'guest' ? 'owner' : role);
    await saveCard(w.t, user, freshCardNumber());
    return {
      body: { productId: product.id, password: user.password },
      ...(role !== 'guest' && { token: user.accessToken }),
    };
  },
  listPaymentMethods: async (): Promise<Request> => ({}),
  addPaymentMethod: async (): Promise<Request> => ({ body: {} }),
  deletePaymentMethod: async (w: PaymentsWorld): Promise<Request> => ({ params: { id: await ownersCard(w) } }),
  setDefaultPaymentMethod: async (w: PaymentsWorld): Promise<Request> => ({
    body: { paymentMethod: await ownersCard(w) },
  }),
  listInvoices: async (): Promise<Request> => ({}),
};
