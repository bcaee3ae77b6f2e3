import { parseBusTopic } from '@tutti/contract/bus';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-guard.ts';
import { cacheAuthorizer, createBusRules, type BusAuthorizer, type BusTopic } from './bus-rules.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const SESSION = '33333333-3333-4333-8333-333333333333';
const auth = { accountId: ME } as AuthContext;
const topic = (t: string) => parseBusTopic(t) as BusTopic;

describe('bus rules', () => {
  const watched: string[] = [];
  const rules = createBusRules({
    canWatchSession: async (who, sessionId) => {
      watched.push(`${who.accountId}:${sessionId}`);
      return sessionId === SESSION;
    },
    canType: async (who, conversationId) => who.accountId === ME && conversationId === SESSION,
  });

  it("lets a user follow their own invitations and blocked list, not someone else's", async () => {
    expect(await rules(auth, topic(`/users/${ME}/invitations`), 'SUBSCRIBE')).toBe(true);
    expect(await rules(auth, topic(`/users/${OTHER}/invitations`), 'SUBSCRIBE')).toBe(false);
    expect(await rules(auth, topic(`/blocked/${ME}`), 'SUBSCRIBE')).toBe(true);
    expect(await rules(auth, topic(`/blocked/${OTHER}`), 'SUBSCRIBE')).toBe(false);
  });

  it('lets anyone signed in follow the hall', async () => {
    expect(await rules(auth, topic('/hall/sessions'), 'SUBSCRIBE')).toBe(true);
  });

  it('asks the sessions module about a session topic', async () => {
    expect(await rules(auth, topic(`/sessions/${SESSION}`), 'SUBSCRIBE')).toBe(true);
    expect(await rules(auth, topic(`/sessions/${OTHER}`), 'SUBSCRIBE')).toBe(false);
    expect(watched).toEqual([`${ME}:${SESSION}`, `${ME}:${OTHER}`]);
  });

  it('refuses PUBLISH on every topic but a typing topic: only the server publishes', async () => {
    for (const t of [
      `/users/${ME}/invitations`,
      `/blocked/${ME}`,
      '/hall/sessions',
      `/sessions/${SESSION}`,
      `/users/${ME}/private-messages`,
    ]) {
      expect(await rules(auth, topic(t), 'PUBLISH')).toBe(false);
    }
  });

  it("lets a user follow their own private messages only, and a conversation's members type in it", async () => {
    expect(await rules(auth, topic(`/users/${ME}/private-messages`), 'SUBSCRIBE')).toBe(true);
    expect(await rules(auth, topic(`/users/${OTHER}/private-messages`), 'SUBSCRIBE')).toBe(false);
    for (const action of ['SUBSCRIBE', 'PUBLISH'] as const) {
      expect(await rules(auth, topic(`/conversations/${SESSION}/typing`), action)).toBe(true);
      expect(await rules(auth, topic(`/conversations/${OTHER}/typing`), action)).toBe(false);
    }
  });
});

describe('cacheAuthorizer', () => {
  const session = `/sessions/${SESSION}`;
  function counting(answer: () => Promise<boolean>) {
    const calls: string[] = [];
    const authorize: BusAuthorizer = async (who, _topic, action) => {
      calls.push(`${who.accountId}:${action}`);
      return answer();
    };
    return { calls, authorize };
  }

  it('asks once per account, topic and action while the answer is fresh; a refusal longer than an allowance', async () => {
    let at = 0;
    let allowed = false;
    const { calls, authorize } = counting(async () => allowed);
    const cache = cacheAuthorizer(authorize, { refusedTtlMs: 1000, allowedTtlMs: 100, now: () => at });
    const ask = () => cache.check(auth, session, topic(session), 'SUBSCRIBE');
    // Questions in flight share one answer.
    expect(await Promise.all([ask(), ask(), ask()])).toEqual([false, false, false]);
    at = 999;
    expect(await ask()).toBe(false);
    expect(calls).toHaveLength(1);
    // Another account, or another action, is another question.
    await cache.check({ accountId: OTHER } as AuthContext, session, topic(session), 'SUBSCRIBE');
    await cache.check(auth, session, topic(session), 'PUBLISH');
    expect(calls).toHaveLength(3);
    allowed = true;
    at = 1000;
    expect(await ask()).toBe(true);
    at = 1099;
    expect(await ask()).toBe(true);
    at = 1100;
    expect(await ask()).toBe(true);
    expect(calls).toHaveLength(5);
  });

  it('forgets a topic on demand, never remembers an error, and stays within its size', async () => {
    let fail = true;
    const { calls, authorize } = counting(async () => {
      if (fail) throw new Error('database away');
      return true;
    });
    const cache = cacheAuthorizer(authorize, { maxEntries: 2 });
    const ask = (t: string) => cache.check(auth, t, topic(t), 'SUBSCRIBE');
    await expect(ask(session)).rejects.toThrow('database away');
    fail = false;
    expect(await ask(session)).toBe(true);
    expect(await ask(session)).toBe(true);
    expect(calls).toHaveLength(2);
    cache.forgetTopic(session);
    await ask(session);
    expect(calls).toHaveLength(3);
    // Two other topics push the oldest entry out.
    await ask('/hall/sessions');
    await ask(`/users/${ME}/invitations`);
    await ask(session);
    expect(calls).toHaveLength(6);
  });
});
