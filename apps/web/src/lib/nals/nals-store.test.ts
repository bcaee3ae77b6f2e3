import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMqtt, flush, type FakeMqttClient } from '../../../test/fake-mqtt';
import { agentHeaderValue } from '../agent';
import { api } from '../api';
import { storeTokens } from '../session';
import { initialNalsState } from './nals-state';
import { closeBroker, connectNals, nalsStore, sendCommand, startClient, upgradeAction } from './nals-store';

vi.mock('../api', () => ({ api: { refresh: vi.fn(async () => true) } }));

/** An unsigned JWT expiring `inSeconds` from now: the page only reads its expiry. */
const jwt = (inSeconds: number) =>
  `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + inSeconds })).replace(/=+$/, '')}.s`;
const ACCESS_1 = jwt(600);
const ACCESS_2 = jwt(900);

const TARGET = { queueHost: 'ws://broker.test:8083', accountId: 'acc-1', nalsToken: 'tok_1' };
const hello = { signal: 'hello', data: { name: 'NALS', host: 'h', hostname: 'studio', version: '0.11.0' } };
const sentActions = (client: FakeMqttClient) =>
  client.published.map((p) => {
    expect(p.topic).toBe('/topic/nals/tok_1/in');
    return (JSON.parse(p.payload) as { action: string }).action;
  });

describe('the audio client store', () => {
  let disconnect: () => void = () => undefined;

  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    storeTokens({ accessToken: ACCESS_1, refreshToken: 'refresh-1' });
    vi.mocked(api.refresh).mockClear();
  });
  afterEach(() => {
    disconnect();
    vi.restoreAllMocks();
  });

  async function connect() {
    const mqtt = fakeMqtt();
    disconnect = connectNals(TARGET, mqtt.load);
    await flush();
    const client = mqtt.clients[0]!;
    client.accept();
    await flush();
    return client;
  }

  it('connects as the account with its access token, listens to /out and says hello', async () => {
    const client = await connect();
    expect(client.url).toBe('ws://broker.test:8083');
    expect(client.options).toMatchObject({ username: 'acc-1', keepaliveSec: 300 });
    expect(client.passwords).toEqual([ACCESS_1]);
    expect(client.subscriptions).toEqual(['/topic/nals/tok_1/out']);
    expect(sentActions(client)).toEqual(['hello']);
    expect(nalsStore.getState().link).toBe('online');
  });

  it("on the client's hello, asks for its config, sound cards and effects, and names it in the agent header", async () => {
    const client = await connect();
    client.deliver(hello);
    expect(nalsStore.getState()).toMatchObject({ isConnected: true, version: '0.11.0' });
    expect(sentActions(client)).toEqual(['hello', 'get_current_config', 'get_sound_card_list', 'native_effects']);
    expect(JSON.parse(agentHeaderValue())).toMatchObject({ nals: '0.11.0' });
  });

  it('drops commands while the client is not connected, with a console line only', async () => {
    const client = await connect();
    expect(sendCommand({ action: 'stop' })).toBe(false);
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining('"stop" dropped'));
    expect(sentActions(client)).toEqual(['hello']);
    client.deliver(hello);
    expect(sendCommand({ action: 'stop' })).toBe(true);
    expect(sentActions(client).at(-1)).toBe('stop');
  });

  it('asks a stopped client (it said bye, it still listens) to start', async () => {
    const client = await connect();
    client.deliver(hello);
    client.deliver({ signal: 'bye' });
    expect(sendCommand({ action: 'stop' })).toBe(false);
    expect(startClient()).toBe(true);
    expect(sentActions(client).at(-1)).toBe('nals_start');
  });

  it('ignores a malformed signal', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = await connect();
    client.deliver({ signal: 'hello', data: { version: 12 } });
    expect(nalsStore.getState().isConnected).toBe(false);
  });

  it('marks the client disconnected when the broker is lost, and says hello again once back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = await connect();
    client.deliver(hello);
    client.drop();
    expect(nalsStore.getState()).toMatchObject({ isConnected: false, link: 'offline' });
    expect(api.refresh).not.toHaveBeenCalled(); // the token is still good
    storeTokens({ accessToken: ACCESS_2, refreshToken: 'refresh-2' });
    client.retry();
    expect(nalsStore.getState().link).toBe('connecting');
    client.accept();
    await flush();
    expect(client.passwords).toEqual([ACCESS_1, ACCESS_2]);
    expect(sentActions(client).filter((a) => a === 'hello')).toHaveLength(2);
  });

  it('renews an expired access token before the next attempt', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = await connect();
    storeTokens({ accessToken: jwt(-60), refreshToken: 'refresh-1' });
    client.drop(new Error('Connection refused: Not authorized'));
    expect(api.refresh).toHaveBeenCalledOnce();
  });

  it('runs the upgrade: download, then the upgrade command once ready', async () => {
    const client = await connect();
    client.deliver(hello);
    upgradeAction({ type: 'upgrade', target: '0.12.0', from: '0.11.0' });
    client.deliver({ signal: 'status', data: { code: 'DOWNLOAD_PROGRESS', progress: 0.5 } });
    expect(nalsStore.getState().upgrade).toMatchObject({ phase: 'downloading', progress: 0.5 });
    client.deliver({ signal: 'nals_upgrade_ready', data: { version: '0.12.0' } });
    client.deliver({ signal: 'nals_upgrade_ready', data: { version: '0.12.0' } });
    const payloads = client.published.map((p) => JSON.parse(p.payload) as unknown);
    expect(payloads.filter((p) => (p as { action: string }).action === 'nals_upgrade')).toEqual([
      { action: 'nals_upgrade', data: { version: '0.12.0' } },
    ]);
    expect(payloads).toContainEqual({ action: 'nals_download', data: { version: '0.12.0' } });
  });

  it('closing the tab: the last command leaves before the broker link closes, and nothing reconnects', async () => {
    const client = await connect();
    client.deliver(hello);
    sendCommand({ action: 'disconnect' });
    closeBroker();
    expect(sentActions(client).at(-1)).toBe('disconnect');
    expect(client.ended).toBe(true);
    expect(client.endFlushed).toBe(true);
    expect(nalsStore.getState()).toEqual(initialNalsState);
    expect(sendCommand({ action: 'hello' })).toBe(false);
  });

  it('forgets everything when the page disconnects (sign-out)', async () => {
    const client = await connect();
    client.deliver(hello);
    disconnect();
    disconnect = () => undefined;
    expect(client.ended).toBe(true);
    expect(nalsStore.getState()).toEqual(initialNalsState);
    expect(JSON.parse(agentHeaderValue())).toMatchObject({ nals: '' });
  });
});
