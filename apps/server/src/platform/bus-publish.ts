import { TypingCommandSchema, type BusError, type TypingEvent } from '@tutti/contract/bus';
import type { AuthContext } from './auth-guard.ts';
import type { BusTopic } from './bus-rules.ts';
import type { PubSub } from './pubsub.ts';

/** A connection relays at most one `typing: true` per topic in this time; more are dropped silently (a typing page
 *  repeats it every TYPING_REPEAT_MS anyway). A `false` after a relayed `true` always goes through, once, so the
 *  indicator never lingers. Dropped, not refused: a page typing fast must not see errors. */
export const TYPING_MIN_INTERVAL_MS = 500;
/** Typing topics remembered per connection; past it the oldest is forgotten. */
const TOPICS_PER_CONNECTION = 32;

type Reply = (code: BusError['error']['code'], message: string) => void;

/**
 * What a page may PUBLISH, once its topic's rule allowed it (bus-rules.ts): `{typing: boolean}` on a conversation's
 * typing topic, relayed through the pubsub (every instance's subscribers get it) as `{accountId, typing}` with the
 * publisher's own id, never stored.
 */
export function createPublishRelay(pubsub: PubSub, now: () => number = Date.now) {
  /** Per connection and topic: when a `true` was last relayed, and the last value relayed. */
  const last = new WeakMap<object, Map<string, { at: number; typing: boolean }>>();
  return async (
    connection: object,
    auth: AuthContext,
    target: BusTopic,
    topic: string,
    data: unknown,
    reply: Reply,
  ) => {
    if (target.kind !== 'typing') return reply('FORBIDDEN', 'Not allowed on this topic.');
    const parsed = TypingCommandSchema.safeParse(data);
    if (!parsed.success) return reply('BAD_COMMAND', 'Expected {typing: boolean}.');
    const { typing } = parsed.data;
    let topics = last.get(connection);
    if (!topics) last.set(connection, (topics = new Map()));
    const before = topics.get(topic);
    const at = now();
    if (typing ? before !== undefined && at - before.at < TYPING_MIN_INTERVAL_MS : !before?.typing) {
      return;
    }
    topics.delete(topic);
    topics.set(topic, { at: typing ? at : (before?.at ?? at), typing });
    if (topics.size > TOPICS_PER_CONNECTION) topics.delete(topics.keys().next().value as string);
    const event: TypingEvent = { accountId: auth.accountId, typing };
    await pubsub.publish(topic, event);
  };
}
