import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMqtt, flush, type FakeMqttClient } from '../../../test/fake-mqtt';

vi.mock('../api', () => ({ api: { refresh: vi.fn(async () => true) } }));

const TARGET = { queueHost: 'ws://broker.test:8083', accountId: 'acc-1', nalsToken: 'tok_1' };
const hello = { signal: 'hello', data: { name: 'NALS', host: 'h', hostname: 'studio', version: '0.11.0' } };
const actions = (client: FakeMqttClient) =>
  client.published.map((p) => (JSON.parse(p.payload) as { action: string }).action);

/**
 * The store before the protocol's checks are loaded, as on a page's first load (the test setup loads them for the
 * other tests): a fresh module graph, where nothing has loaded them yet.
 */
describe('the audio client store, before the protocol is loaded', () => {
  let store: typeof import('./nals-store');
  let loader: typeof import('./protocol-loader');
  let disconnect: () => void = () => undefined;

  beforeEach(async () => {
    vi.resetModules();
    loader = await import('./protocol-loader');
    store = await import('./nals-store');
    const { storeTokens } = await import('../session');
    storeTokens({ accessToken: 'h.eyJleHAiOjQxMDI0NDQ4MDB9.s', refreshToken: 'refresh-1' });
  });
  afterEach(() => disconnect());

  async function connect() {
    const mqtt = fakeMqtt();
    disconnect = store.connectNals(TARGET, mqtt.load);
    await flush();
    const client = mqtt.clients[0]!;
    client.accept();
    return client;
  }

  it('says hello to the broker without loading the protocol, which waits for the client to answer', async () => {
    expect(loader.loadedNalsProtocol()).toBeNull();
    const client = await connect();
    expect(actions(client)).toEqual(['hello']);
    await flush();
    expect(loader.loadedNalsProtocol()).toBeNull();
    client.deliver(hello);
    await vi.waitFor(() => expect(loader.loadedNalsProtocol()).not.toBeNull());
  });

  it('loads the checks for a command other than hello, and sends it once they are here', async () => {
    const client = await connect();
    client.deliver(hello);
    await vi.waitFor(() => expect(store.nalsStore.getState().isConnected).toBe(true));
    expect(store.sendCommand({ action: 'nals_start' })).toBe(true);
    await vi.waitFor(() => expect(actions(client)).toContain('nals_start'));
  });

  it('applies the messages that arrived meanwhile, in their order, once the checks are here', async () => {
    const client = await connect();
    client.deliver(hello);
    client.deliver({ signal: 'bye' });
    client.deliver({ signal: 'nonsense' });
    client.deliver(hello);
    // Nothing is applied before the checks: an unchecked message never reaches the state.
    expect(store.nalsStore.getState().isConnected).toBe(false);
    await vi.waitFor(() => expect(store.nalsStore.getState()).toMatchObject({ isConnected: true, version: '0.11.0' }));
    // The second hello, after the bye: the page asked twice for the client's config.
    await vi.waitFor(() => expect(actions(client).filter((a) => a === 'get_current_config')).toHaveLength(2));
  });
});
