import type { parseBusTopic } from '@tutti/contract/bus';
import type { AuthContext } from './auth-guard.ts';

export type BusTopic = NonNullable<ReturnType<typeof parseBusTopic>>;
export type BusAction = 'SUBSCRIBE' | 'PUBLISH';
/** Whether this caller may do this on this topic; every SUBSCRIBE and PUBLISH asks. */
export type BusAuthorizer = (auth: AuthContext, topic: BusTopic, action: BusAction) => Promise<boolean>;

export interface BusRuleDeps {
  /** Whoever may see the session (its players, invitees, anyone for a public one…): the sessions module decides. */
  canWatchSession(auth: AuthContext, sessionId: string): Promise<boolean>;
  /** A conversation's two members, while neither blocked the other: the messages module decides. */
  canType(auth: AuthContext, conversationId: string): Promise<boolean>;
}

/**
 * The rules of every topic in one place (the topics themselves: packages/contract/src/bus.ts). Pages mostly listen:
 * the server publishes every event, and the one topic accepting PUBLISH is a conversation's typing topic (its members
 * only; what they publish is checked and relayed by bus-publish.ts, never stored).
 */
export function createBusRules(deps: BusRuleDeps): BusAuthorizer {
  return async (auth, topic, action) => {
    if (topic.kind === 'typing') return deps.canType(auth, topic.conversationId);
    if (action === 'PUBLISH') return false;
    switch (topic.kind) {
      case 'invitations':
      case 'blocked':
      case 'privateMessages':
        return topic.userId === auth.accountId;
      case 'hallSessions':
        return true;
      case 'session':
        return deps.canWatchSession(auth, topic.sessionId);
    }
  };
}

/** How long an answer is reused: a refusal longer (floods repeat refused topics), an allowance briefly (a session
 *  turned private is rechecked anyway, and its topic forgotten then). */
export const BUS_REFUSED_TTL_MS = 10_000;
export const BUS_ALLOWED_TTL_MS = 2_000;
/** Entries kept at most on an instance; past it the oldest go first. */
export const BUS_AUTHORIZATION_CACHE_MAX = 10_000;

export interface CachedAuthorizer {
  /** The rules' answer for this caller, topic and action, from memory when recent. Errors are not remembered. */
  check(auth: AuthContext, topic: string, target: BusTopic, action: BusAction): Promise<boolean>;
  /** Every remembered answer about this topic is dropped (its rule may answer otherwise now). */
  forgetTopic(topic: string): void;
}

interface CachedAnswer {
  answer: Promise<boolean>;
  /** Infinity while the answer is pending: identical questions meanwhile share it. */
  expiresAt: number;
}

/**
 * Remembers the rules' answers, so that a connection repeating a SUBSCRIBE (or many tabs of one account asking the
 * same) does not run the topic's database check each time.
 */
export function cacheAuthorizer(
  authorize: BusAuthorizer,
  options: { refusedTtlMs?: number; allowedTtlMs?: number; maxEntries?: number; now?: () => number } = {},
): CachedAuthorizer {
  const refusedTtl = options.refusedTtlMs ?? BUS_REFUSED_TTL_MS;
  const allowedTtl = options.allowedTtlMs ?? BUS_ALLOWED_TTL_MS;
  const max = options.maxEntries ?? BUS_AUTHORIZATION_CACHE_MAX;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedAnswer>();
  return {
    check(auth, topic, target, action) {
      const key = `${topic}\n${action}\n${auth.accountId}`;
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.answer;
      entries.delete(key);
      if (entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const entry: CachedAnswer = { answer: authorize(auth, target, action), expiresAt: Infinity };
      entries.set(key, entry);
      entry.answer.then(
        (allowed) => {
          entry.expiresAt = now() + (allowed ? allowedTtl : refusedTtl);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.answer;
    },
    forgetTopic(topic) {
      const prefix = `${topic}\n`;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
