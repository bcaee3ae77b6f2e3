import { parseBusTopic } from '@tutti/contract/bus';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-guard.ts';
import { createBusRules, type BusTopic } from './bus-rules.ts';

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

  it('refuses PUBLISH on every topic: only the server publishes', async () => {
    for (const t of [`/users/${ME}/invitations`, `/blocked/${ME}`, '/hall/sessions', `/sessions/${SESSION}`]) {
      expect(await rules(auth, topic(t), 'PUBLISH')).toBe(false);
    }
  });
});
