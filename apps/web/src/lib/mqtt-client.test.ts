import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMqtt, flush } from '../../test/fake-mqtt';
import { openBroker, type BrokerHandlers, type BrokerSettings } from './mqtt-client';

const settings = (password: () => string): BrokerSettings => ({
  url: 'ws://localhost:8083',
  username: 'account-1',
  password,
  topic: '/topic/nals/tok/out',
  qos: 1,
  keepaliveSec: 300,
  connectTimeoutMs: 3000,
  reconnectPeriodMs: 2000,
});

function handlers() {
  return {
    onReady: vi.fn(),
    onMessage: vi.fn(),
    onStatus: vi.fn(),
    onDown: vi.fn(),
  } satisfies BrokerHandlers;
}

describe('openBroker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('connects with the spec settings, subscribes, then is ready to publish', async () => {
    const mqtt = fakeMqtt();
    const h = handlers();
    const link = await openBroker(
      settings(() => 'token-1'),
      h,
      mqtt.load,
    );
    const client = mqtt.clients[0]!;
    expect(client.url).toBe('ws://localhost:8083');
    expect(client.options).toMatchObject({
      username: 'account-1',
      keepaliveSec: 300,
      connectTimeoutMs: 3000,
      reconnectPeriodMs: 2000,
    });
    expect(client.options.clientId).toMatch(/^web_[a-z0-9]+$/);
    expect(h.onStatus).toHaveBeenLastCalledWith('connecting');
    expect(link.publish('/topic/nals/tok/in', 'x')).toBe(false); // not connected yet

    client.accept();
    await flush();
    expect(client.subscriptions).toEqual(['/topic/nals/tok/out']);
    expect(h.onReady).toHaveBeenCalledWith(link);
    expect(h.onStatus).toHaveBeenLastCalledWith('online');
    expect(link.publish('/topic/nals/tok/in', 'x')).toBe(true);
    expect(client.published).toEqual([{ topic: '/topic/nals/tok/in', payload: 'x' }]);

    client.deliver({ signal: 'bye' });
    expect(h.onMessage).toHaveBeenCalledWith('{"signal":"bye"}');
  });

  it('presents the current password on every reconnection', async () => {
    const mqtt = fakeMqtt();
    let token = 'token-1';
    await openBroker(
      settings(() => token),
      handlers(),
      mqtt.load,
    );
    const client = mqtt.clients[0]!;
    client.accept();
    token = 'token-2';
    client.drop();
    client.retry();
    client.accept();
    expect(client.passwords).toEqual(['token-1', 'token-2']);
  });

  it('reports a lost connection, gives a chance to renew credentials, and stops publishing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const mqtt = fakeMqtt();
    const h = handlers();
    const link = await openBroker(
      settings(() => 't'),
      h,
      mqtt.load,
    );
    const client = mqtt.clients[0]!;
    client.accept();
    await flush();
    client.drop();
    expect(h.onStatus).toHaveBeenLastCalledWith('offline');
    expect(h.onDown).toHaveBeenCalled();
    expect(link.publish('/topic/nals/tok/in', 'x')).toBe(false);
    client.retry();
    expect(h.onStatus).toHaveBeenLastCalledWith('connecting');
    client.drop(new Error('Connection refused: Not authorized'));
    expect(h.onDown).toHaveBeenLastCalledWith(expect.any(Error));
    expect(h.onStatus).toHaveBeenLastCalledWith('offline');
    expect(console.warn).toHaveBeenCalledWith('broker:', 'Connection refused: Not authorized');
  });

  it('treats a refused subscription as offline', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mqtt = fakeMqtt();
    const h = handlers();
    await openBroker(
      settings(() => 't'),
      h,
      mqtt.load,
    );
    const client = mqtt.clients[0]!;
    client.grant = 128;
    client.accept();
    await flush();
    expect(h.onReady).not.toHaveBeenCalled();
    expect(h.onStatus).toHaveBeenLastCalledWith('offline');
  });

  it('closes for good', async () => {
    const mqtt = fakeMqtt();
    const h = handlers();
    const link = await openBroker(
      settings(() => 't'),
      h,
      mqtt.load,
    );
    link.close();
    expect(mqtt.clients[0]!.ended).toBe(true);
    expect(mqtt.clients[0]!.endFlushed).toBe(false);
    expect(h.onStatus).toHaveBeenLastCalledWith('closed');
    mqtt.clients[0]!.deliver({ signal: 'bye' });
    expect(h.onMessage).not.toHaveBeenCalled();
  });
});
