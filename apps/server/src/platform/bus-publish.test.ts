import { parseBusTopic } from '@tutti/contract/bus';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-guard.ts';
import { createPublishRelay, TYPING_MIN_INTERVAL_MS } from './bus-publish.ts';
import type { BusTopic } from './bus-rules.ts';
import { createMemoryPubSub } from './pubsub.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const CONVERSATION = '22222222-2222-4222-8222-222222222222';
const topic = `/conversations/${CONVERSATION}/typing`;
const target = parseBusTopic(topic) as BusTopic;
const auth = { accountId: ME } as AuthContext;

describe('the typing relay', () => {
  function setup() {
    let at = 0;
    const pubsub = createMemoryPubSub();
    const relayed: unknown[] = [];
    pubsub.onMessage((_topic, data) => relayed.push(data));
    const refusals: string[] = [];
    const relay = createPublishRelay(pubsub, () => at);
    const connection = {};
    const publish = (data: unknown, conn: object = connection) =>
      relay(conn, auth, target, topic, data, (code) => refusals.push(code));
    return { relayed, refusals, publish, advance: (ms: number) => void (at += ms) };
  }

  it("relays {accountId, typing} with the connection's account, whatever the page claims", async () => {
    const { relayed, publish } = setup();
    await publish({ typing: true, accountId: 'someone else' });
    expect(relayed).toEqual([{ accountId: ME, typing: true }]);
  });

  it('refuses malformed data and any other topic', async () => {
    const { relayed, refusals, publish } = setup();
    await publish({ typing: 'yes' });
    await publish('typing');
    const pubsub = createMemoryPubSub();
    const other = createPublishRelay(pubsub);
    await other({}, auth, parseBusTopic('/hall/sessions') as BusTopic, '/hall/sessions', { typing: true }, (code) =>
      refusals.push(code),
    );
    expect(refusals).toEqual(['BAD_COMMAND', 'BAD_COMMAND', 'FORBIDDEN']);
    expect(relayed).toEqual([]);
  });

  it('relays one "typing" per interval and connection, and "stopped" once after it', async () => {
    const { relayed, publish, advance } = setup();
    await publish({ typing: false });
    await publish({ typing: true });
    await publish({ typing: true });
    advance(TYPING_MIN_INTERVAL_MS - 1);
    await publish({ typing: true });
    await publish({ typing: false });
    await publish({ typing: false });
    // Flipping does not buy more "typing" signals.
    await publish({ typing: true });
    advance(1);
    await publish({ typing: true });
    // Another connection (another tab) has its own allowance.
    await publish({ typing: true }, {});
    expect(relayed.map((e) => (e as { typing: boolean }).typing)).toEqual([true, false, true, true]);
  });
});
