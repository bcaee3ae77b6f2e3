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

  it('loads nothing of the protocol until the client is reached, then says hello once it has loaded', async () => {
    expect(loader.loadedNalsProtocol()).toBeNull();
    const client = await connect();
    await vi.waitFor(() => expect(actions(client)).toEqual(['hello']));
    expect(loader.loadedNalsProtocol()).not.toBeNull();
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
