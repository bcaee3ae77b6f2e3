import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBusClient, reconnectDelay, type BusSocket } from './bus-client';
import * as busSchemas from '@tutti/contract/bus';
import type { BusSchemas } from './bus-schemas';

/** A WebSocket the test opens, feeds and closes by hand. */
class FakeSocket implements BusSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send before open');
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  // ---- the server's side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;

/** Lets the client's pending promises (the URL) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function setup() {
  const urls: boolean[] = [];
  let n = 0;
  const onRevoked = vi.fn();
  const onRefused = vi.fn();
  const client = createBusClient({
    url: async (renew) => {
      urls.push(renew);
      return `ws://bus/?token=t${++n}`;
    },
    WebSocketImpl: FakeSocket,
    onRevoked,
    onRefused,
    schemas: async () => busSchemas,
  });
  return { client, urls, onRevoked, onRefused };
}

describe('createBusClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('waits 10^retry ms before reconnecting, capped', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([1, 10, 100, 1000, 10_000, 30_000, 30_000]);
  });

  it('queues SUBSCRIBE until the socket opens, then sends each topic once', async () => {
    const { client } = setup();
    client.subscribe('/hall/sessions', () => undefined);
    client.subscribe('/hall/sessions', () => undefined);
    client.start();
    await settle();
    const socket = latest();
    expect(socket.url).toBe('ws://bus/?token=t1');
    expect(socket.sent).toEqual([]);
    client.subscribe('/users/u/invitations', () => undefined);
    socket.open();
    expect(socket.sent).toEqual([
      { command: 'SUBSCRIBE', topic: '/hall/sessions' },
      { command: 'SUBSCRIBE', topic: '/users/u/invitations' },
    ]);
  });

  it('drops a topic subscribed and unsubscribed before the socket opened', async () => {
    const { client } = setup();
    client.start();
    await settle();
    const off = client.subscribe('/hall/sessions', () => undefined);
    off();
    latest().open();
    expect(latest().sent).toEqual([]);
  });

  it('counts handlers per topic: SUBSCRIBE for the first, UNSUBSCRIBE after the last', async () => {
    const { client } = setup();
    client.start();
    await settle();
    const socket = latest();
    socket.open();
    const a = vi.fn();
    const b = vi.fn();
    const offA = client.subscribe('/hall/sessions', a);
    const offB = client.subscribe('/hall/sessions', b);
    expect(socket.sent).toEqual([{ command: 'SUBSCRIBE', topic: '/hall/sessions' }]);
    socket.receive({ topic: '/hall/sessions', data: { n: 1 } });
    await settle(); // the schemas load with the first message
    expect(a).toHaveBeenCalledWith({ n: 1 });
    expect(b).toHaveBeenCalledWith({ n: 1 });
    offA();
    offA(); // twice: still only one handler removed
    expect(socket.sent).toHaveLength(1);
    socket.receive({ topic: '/hall/sessions', data: { n: 2 } });
    await settle();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    offB();
    expect(socket.sent).toEqual([
      { command: 'SUBSCRIBE', topic: '/hall/sessions' },
      { command: 'UNSUBSCRIBE', topic: '/hall/sessions' },
    ]);
  });

  it('loads the schemas with the first message, not before, and handles messages in their order', async () => {
    let loaded: (schemas: BusSchemas) => void = () => undefined;
    const loading = new Promise<BusSchemas>((resolve) => (loaded = resolve));
    const schemas = vi.fn(() => loading);
    const client = createBusClient({
      url: async () => 'ws://bus/?token=t',
      WebSocketImpl: FakeSocket,
      onRevoked: vi.fn(),
      schemas,
    });
    client.start();
    await settle();
    latest().open();
    const seen: unknown[] = [];
    client.subscribe('/hall/sessions', (data) => seen.push(data));
    await settle();
    expect(schemas).not.toHaveBeenCalled();
    latest().receive({ topic: '/hall/sessions', data: 1 });
    latest().receive({ topic: '/hall/sessions', data: 2 });
    await settle();
    expect(seen).toEqual([]);
    loaded(busSchemas);
    await settle();
    expect(seen).toEqual([1, 2]);
  });

  it('only calls the handlers of the event topic, and reports refusals', async () => {
    const { client, onRefused } = setup();
    client.start();
    await settle();
    latest().open();
    const hall = vi.fn();
    const mine = vi.fn();
    client.subscribe('/hall/sessions', hall);
    client.subscribe('/users/u/invitations', mine);
    latest().receive({ topic: '/users/u/invitations', data: 'x' });
    latest().receive({ topic: '/sessions/s', error: { code: 'FORBIDDEN', message: 'no' } });
    await settle();
    expect(hall).not.toHaveBeenCalled();
    expect(mine).toHaveBeenCalledWith('x');
    expect(onRefused).toHaveBeenCalledWith('/sessions/s', 'FORBIDDEN', 'no');
  });

  it('reconnects after 1, 10, 100 ms… while connections fail, and resets the counter on open', async () => {
    const { client } = setup();
    client.start();
    await settle();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = FakeSocket.all.length;
      latest().drop();
      // Advance one ms at a time to find when the next socket appears.
      let waited = 0;
      while (FakeSocket.all.length === before) {
        await vi.advanceTimersByTimeAsync(1);
        waited += 1;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1, 10, 100, 1000]);

    latest().open();
    const before = FakeSocket.all.length;
    latest().drop();
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('subscribes every topic again after a reconnection, and tells the subscribers to reload', async () => {
    const { client } = setup();
    const resync = vi.fn();
    client.subscribe('/hall/sessions', () => undefined, resync);
    client.subscribe('/users/u/invitations', () => undefined);
    client.start();
    await settle();
    latest().open();
    // Subscribed before any connection: what it shows was loaded without a live subscription, so the first open
    // resynchronizes it once (an event sent in that gap would otherwise be lost).
    expect(resync).toHaveBeenCalledTimes(1);
    // Subscribed while connected: the SUBSCRIBE goes out at once, nothing to catch up on.
    const late = vi.fn();
    client.subscribe('/blocked/u', () => undefined, late);
    latest().drop();
    await vi.advanceTimersByTimeAsync(1);
    const second = latest();
    expect(FakeSocket.all).toHaveLength(2);
    second.open();
    expect(second.sent).toEqual([
      { command: 'SUBSCRIBE', topic: '/hall/sessions' },
      { command: 'SUBSCRIBE', topic: '/users/u/invitations' },
      { command: 'SUBSCRIBE', topic: '/blocked/u' },
    ]);
    // A reconnection resynchronizes every subscriber.
    expect(resync).toHaveBeenCalledTimes(2);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('asks for a renewed token after a 4401 close', async () => {
    const { client, urls } = setup();
    client.start();
    await settle();
    latest().drop(4401);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toEqual([false, true]);
    expect(latest().url).toBe('ws://bus/?token=t2');
  });

  it('stops and reports a revoked device (4403)', async () => {
    const { client, onRevoked } = setup();
    client.start();
    await settle();
    latest().drop(4403);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onRevoked).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('tries again when the URL cannot be had (network down, refresh failed)', async () => {
    let calls = 0;
    const client = createBusClient({
      url: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return 'ws://bus/?token=ok';
      },
      WebSocketImpl: FakeSocket,
      onRevoked: () => undefined,
    });
    client.start();
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all.map((s) => s.url)).toEqual(['ws://bus/?token=ok']);
  });

  it('does not reconnect after close(), and connects again with the same topics on start()', async () => {
    const { client } = setup();
    client.subscribe('/hall/sessions', () => undefined);
    client.start();
    await settle();
    const first = latest();
    first.open();
    client.close();
    expect(first.closedWith).toBe(1000);
    first.drop(1000); // the close event of a closed client changes nothing
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    client.start();
    await settle();
    latest().open();
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().sent).toEqual([{ command: 'SUBSCRIBE', topic: '/hall/sessions' }]);
  });

  it('drops a socket whose URL arrived after close()', async () => {
    let release: (url: string) => void = () => undefined;
    const client = createBusClient({
      url: () => new Promise<string>((resolve) => (release = resolve)),
      WebSocketImpl: FakeSocket,
      onRevoked: () => undefined,
    });
    client.start();
    client.close();
    release('ws://late');
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
