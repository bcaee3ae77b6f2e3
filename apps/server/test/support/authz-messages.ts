import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.ts';
import { conversationOf, messagesApi, ok } from './messages.ts';
import type { SignedInUser } from './users.ts';

/** The authorization matrix's fixtures for private messages (authz-matrix.test.ts holds the rest). */
interface MessagesWorld {
  t: TestApp;
  owner: SignedInUser;
  other: SignedInUser;
  admin: SignedInUser;
  spare: SignedInUser;
}
type Role = 'guest' | 'owner' | 'other' | 'admin';
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** The role's own account (the owner's for a guest, who is refused before anything is looked up). */
const caller = (w: MessagesWorld, role: Role): SignedInUser => (role === 'guest' ? w.owner : w[role]);

export const messageFixtures = {
  listConversations: async (): Promise<Request> => ({}),
  // Each role opens (and looks up) its own conversation with the spare account.
  openConversation: async (w: MessagesWorld): Promise<Request> => ({ body: { accountId: w.spare.id } }),
  lookupConversation: async (w: MessagesWorld, role: Role): Promise<Request> => {
    await conversationOf(w.t, caller(w, role), w.spare);
    return { params: { id: w.spare.id } };
  },
  // The owner's conversation: another member of the site, administrators included, gets the same 404 as none.
  getConversation: async (w: MessagesWorld): Promise<Request> => ({
    params: { id: await conversationOf(w.t, w.owner, w.spare) },
  }),
  sendMessage: async (w: MessagesWorld): Promise<Request> => ({
    params: { id: await conversationOf(w.t, w.owner, w.spare) },
    body: { contents: 'Rehearsal on Sunday?', clientMessageId: randomUUID() },
  }),
  readConversation: async (w: MessagesWorld): Promise<Request> => {
    const id = await conversationOf(w.t, w.owner, w.spare);
    const message = ok(await messagesApi(w.t).send(w.spare, id, 'Yes, at eight.'), 201);
    return { params: { id }, body: { messageId: message.messageId } };
  },
};
