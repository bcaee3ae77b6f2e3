import { createUser, type SignedInUser } from './users.ts';
import type { TestApp } from './app.ts';

/** The authorization matrix's fixtures for the accounts administration and the audit log (authz-matrix.test.ts holds
 *  the rest). Writes act on an account made for the call, so that no role's privileges, password or validation
 *  change under the other routes. */
interface AccountsWorld {
  t: TestApp;
  spare: SignedInUser;
}
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

const target = async (w: AccountsWorld): Promise<string> => (await createUser(w.t)).id;

export const accountAdminFixtures = {
  listAuditLog: async (): Promise<Request> => ({}),
  listAccounts: async (w: AccountsWorld): Promise<Request> => ({ query: { q: w.spare.username, sort: 'username' } }),
  accountStats: async (): Promise<Request> => ({}),
  getAccount: async (w: AccountsWorld): Promise<Request> => ({ params: { id: w.spare.id } }),
  getAccountSegments: async (w: AccountsWorld): Promise<Request> => ({ params: { id: w.spare.id } }),
  listAccountDevices: async (w: AccountsWorld): Promise<Request> => ({ params: { id: w.spare.id } }),
  setAccountPassword: async (w: AccountsWorld): Promise<Request> => ({
    params: { id: await target(w) },
    body: { password: 'a new horse' },
  }),
  syncAccount: async (w: AccountsWorld): Promise<Request> => ({ params: { id: await target(w) } }),
  setAccountPrivileges: async (w: AccountsWorld): Promise<Request> => ({
    params: { id: await target(w) },
    body: { privileges: ['TUTTI_MU'] },
  }),
  setAccountValid: async (w: AccountsWorld): Promise<Request> => ({
    params: { id: await target(w) },
    query: { state: 'false' },
  }),
  setAccountVerified: async (w: AccountsWorld): Promise<Request> => ({
    params: { id: await target(w) },
    query: { state: 'true' },
  }),
};
