import { randomUUID } from 'node:crypto';
import type { Conversation, ConversationPage, MessagePage, PrivateMessage, ReadMarker } from '@tutti/contract/messages';
import { expect } from 'vitest';
import { call, type ApiResponse, type TestApp } from './app.ts';
import type { SignedInUser } from './users.ts';

export type ErrorJson = { error: { code: string; fields?: Record<string, string> } };
const CONVERSATIONS = 'v1/me/private-messages/conversations';

/** The private-message calls as a page makes them. */
export function messagesApi(t: TestApp) {
  const as = (user: SignedInUser) => ({ token: user.accessToken });
  return {
    list: (user: SignedInUser, query = '') =>
      call<ConversationPage>(t, 'GET', `${CONVERSATIONS}${query ? `?${query}` : ''}`, as(user)),
    open: (user: SignedInUser, accountId: string) =>
      call<Conversation>(t, 'POST', CONVERSATIONS, { ...as(user), body: { accountId } }),
    lookup: (user: SignedInUser, accountId: string) =>
      call<Conversation | null>(t, 'GET', `${CONVERSATIONS}/lookup/${accountId}`, as(user)),
    get: (user: SignedInUser, id: string, query = '') =>
      call<MessagePage>(t, 'GET', `v2/me/private-messages/conversations/${id}${query ? `?${query}` : ''}`, as(user)),
    send: (user: SignedInUser, id: string, contents: string, clientMessageId: string = randomUUID()) =>
      call<PrivateMessage>(t, 'POST', `${CONVERSATIONS}/${id}`, { ...as(user), body: { contents, clientMessageId } }),
    read: (user: SignedInUser, id: string, messageId: string) =>
      call<ReadMarker>(t, 'POST', `${CONVERSATIONS}/${id}/read`, { ...as(user), body: { messageId } }),
  };
}

/** Opens the conversation of two musicians (expected to work) and answers its id. */
export async function conversationOf(t: TestApp, a: SignedInUser, b: SignedInUser): Promise<string> {
  const res = await messagesApi(t).open(a, b.id);
  expect(res.status, res.text).toBe(200);
  return res.json.id;
}

export const ok = <T>(res: ApiResponse<T>, status = 200): T => {
  expect(res.status, res.text).toBe(status);
  return res.json;
};
