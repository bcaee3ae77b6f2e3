// @vitest-environment node
import { WebSocket as NodeWebSocket } from 'ws';
import { afterEach, beforeAll, afterAll, describe, expect, it, vi } from 'vitest';
import { startAedes, type AedesHandle } from '../../../test/mqtt-servers';
import { openBroker, type BrokerHandlers, type BrokerLink, type BrokerSettings } from '../mqtt-client';

/**
 * openBroker, with the real client (loaded as the page loads it), against a real Aedes broker over WebSocket: Node's
 * `ws` stands in for the browser's WebSocket.
 */

const OUT = '/topic/nals/tok/out';
const IN = '/topic/nals/tok/in';

const settings = (url: string, password: () => string): BrokerSettings => ({
  url,
  username: 'account-1',
  password,
  topic: OUT,
  qos: 1,
  keepaliveSec: 30,
  connectTimeoutMs: 2000,
  reconnectPeriodMs: 100,
});

function recorder() {
  const statuses: string[] = [];
  const messages: string[] = [];
  const handlers = {
    onReady: vi.fn<(link: BrokerLink) => void>(),
    onMessage: vi.fn((payload: string) => void messages.push(payload)),
    onStatus: vi.fn((status: string) => void statuses.push(status)),
    onDown: vi.fn<(error?: Error) => void>(),
  } satisfies BrokerHandlers;
  return { handlers, statuses, messages };
}

const waitFor = (check: () => void, timeout = 3000) => vi.waitFor(check, { timeout, interval: 10 });

describe('openBroker against a real broker (Aedes over WebSocket)', () => {
  let broker: AedesHandle;
  let link: BrokerLink | null = null;

  beforeAll(() => vi.stubGlobal('WebSocket', NodeWebSocket));
  afterAll(() => vi.unstubAllGlobals());
  afterEach(async () => {
    link?.close();
    link = null;
    await broker.close();
    vi.restoreAllMocks();
  });

  it('connects with the credentials, subscribes, receives and publishes at QoS 1', async () => {
    broker = await startAedes('token-1');
    const { handlers, statuses, messages } = recorder();
    link = await openBroker(
      settings(broker.url, () => 'token-1'),
      handlers,
    );
    await waitFor(() => expect(handlers.onReady).toHaveBeenCalledWith(link));
    expect(statuses).toEqual(['connecting', 'online']);
    expect(broker.connects).toEqual([
      {
        clientId: expect.stringMatching(/^web_[a-z0-9]+$/),
        username: 'account-1',
        password: 'token-1',
        keepalive: 30,
        clean: true,
      },
    ]);
    expect(broker.events).toEqual([`subscribe ${OUT}`]);

    await broker.publish(OUT, '{"signal":"hello","data":{"name":"Zoë"}}');
    await broker.publish(OUT, 'x'.repeat(20_000)); // a remaining length on three bytes
    await waitFor(() => expect(messages).toEqual(['{"signal":"hello","data":{"name":"Zoë"}}', 'x'.repeat(20_000)]));

    expect(link.publish(IN, '{"action":"hello"}')).toBe(true);
    await waitFor(() => expect(broker.events).toContain(`publish ${IN} {"action":"hello"}`));
    expect(handlers.onDown).not.toHaveBeenCalled();
  });

  it('a refused CONNECT (expired token) is reported, then retried with the renewed password', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    broker = await startAedes('token-2');
    const { handlers, statuses } = recorder();
    let token = 'token-1';
    // What the store does on a refusal: renew the access token before the next attempt.
    handlers.onDown.mockImplementation(() => {
      token = 'token-2';
    });
    link = await openBroker(
      settings(broker.url, () => token),
      handlers,
    );
    await waitFor(() => expect(handlers.onReady).toHaveBeenCalledOnce());
    expect(handlers.onDown).toHaveBeenCalledOnce();
    expect(handlers.onDown.mock.calls[0]![0]?.message).toBe('Connection refused: Bad username or password');
    expect(console.warn).toHaveBeenCalledWith('broker:', 'Connection refused: Bad username or password');
    expect(broker.connects.map((c) => c.password)).toEqual(['token-1', 'token-2']);
    expect(statuses).toEqual(['connecting', 'offline', 'connecting', 'online']);
  });

  it('keeps retrying every reconnect period while refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    broker = await startAedes('never');
    const { handlers } = recorder();
    link = await openBroker(
      settings(broker.url, () => 'token-1'),
      handlers,
    );
    await waitFor(() => expect(broker.connects.length).toBeGreaterThanOrEqual(3));
    expect(handlers.onReady).not.toHaveBeenCalled();
    expect(handlers.onDown.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('a dropped connection reconnects, subscribes again and works as before', async () => {
    broker = await startAedes('token-1');
    const { handlers, statuses, messages } = recorder();
    link = await openBroker(
      settings(broker.url, () => 'token-1'),
      handlers,
    );
    await waitFor(() => expect(handlers.onReady).toHaveBeenCalledOnce());

    broker.dropAll();
    await waitFor(() => expect(statuses).toContain('offline'));
    expect(link.publish(IN, 'while down')).toBe(false);
    expect(handlers.onDown).toHaveBeenCalledWith(undefined);

    await waitFor(() => expect(handlers.onReady).toHaveBeenCalledTimes(2));
    expect(statuses).toEqual(['connecting', 'online', 'offline', 'connecting', 'online']);
    expect(broker.events.filter((e) => e === `subscribe ${OUT}`)).toHaveLength(2);
    await broker.publish(OUT, 'after the drop');
    await waitFor(() => expect(messages).toEqual(['after the drop']));
    expect(link.publish(IN, 'back')).toBe(true);
    await waitFor(() => expect(broker.events).toContain(`publish ${IN} back`));
    expect(broker.events).not.toContain(`publish ${IN} while down`);
  });

  it('close with flush: what was published reaches the broker before the goodbye, and nothing reconnects', async () => {
    broker = await startAedes('token-1');
    const { handlers, statuses } = recorder();
    const opened = await openBroker(
      settings(broker.url, () => 'token-1'),
      handlers,
    );
    await waitFor(() => expect(handlers.onReady).toHaveBeenCalledOnce());

    expect(opened.publish(IN, '{"action":"disconnect"}')).toBe(true);
    opened.close({ flush: true });
    expect(statuses.at(-1)).toBe('closed');
    expect(opened.publish(IN, 'after close')).toBe(false);
    await waitFor(() => expect(broker.events.at(-1)).toBe('disconnect'));
    expect(broker.events).toEqual([`subscribe ${OUT}`, `publish ${IN} {"action":"disconnect"}`, 'disconnect']);

    await new Promise((resolve) => setTimeout(resolve, 300)); // three reconnect periods
    expect(broker.connects).toHaveLength(1);
    expect(broker.connectionCount()).toBe(0);
    expect(handlers.onDown).not.toHaveBeenCalled();
    expect(statuses).toEqual(['connecting', 'online', 'closed']);
  });

  it('close without flush while the broker is unreachable stops the attempts', async () => {
    broker = await startAedes('token-1');
    const url = broker.url;
    await broker.close();
    const { handlers } = recorder();
    const opened = await openBroker(
      settings(url, () => 'token-1'),
      handlers,
    );
    await waitFor(() => expect(handlers.onDown.mock.calls.length).toBeGreaterThanOrEqual(2));
    opened.close();
    const downs = handlers.onDown.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handlers.onDown).toHaveBeenCalledTimes(downs);
    expect(handlers.onStatus).toHaveBeenLastCalledWith('closed');
    broker = await startAedes('token-1'); // for afterEach
  });
});
