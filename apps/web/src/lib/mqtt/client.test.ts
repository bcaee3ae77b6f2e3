// @vitest-environment node
import { WebSocket as NodeWebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRawServer, type RawHandle, type RawPacket, type RawSocket } from '../../../test/mqtt-servers';
import { openBroker, type BrokerHandlers } from '../mqtt-client';
import { connect, type MqttConnection, type MqttEvents, type MqttOptions, type SocketFactory } from './client';
import { encodePublish, PacketType } from './packets';

/**
 * The client against a scripted server, for what a well-behaved broker never shows: packets joined in one frame or
 * split across several, a broker that stops answering, a late PUBACK, a refused subscription, garbage.
 */

const nodeSocket: SocketFactory = (url, protocol) => new NodeWebSocket(url, protocol) as unknown as WebSocket;
const bytes = (...values: number[]) => Uint8Array.from(values);
const CONNACK_OK = bytes(0x20, 0x02, 0x00, 0x00);
const PINGRESP = bytes(0xd0, 0x00);
const suback = (packet: RawPacket, granted = 1) => bytes(0x90, 0x03, packet.body[0]!, packet.body[1]!, granted);
const puback = (packet: RawPacket) => {
  const topicLength = packet.body.readUInt16BE(0);
  return bytes(0x40, 0x02, packet.body[2 + topicLength]!, packet.body[3 + topicLength]!);
};
const publishQos1 = (payload: string, packetId: number) =>
  encodePublish({ topic: 't', payload: new TextEncoder().encode(payload), qos: 1, packetId });
const types = (socket: RawSocket | undefined) => socket?.packets.map((p) => p.type) ?? [];
const waitFor = (check: () => void, timeout = 3000) => vi.waitFor(check, { timeout, interval: 10 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers CONNECT and SUBSCRIBE like a broker; PINGREQ only when asked to. */
function polite(answerPings = true) {
  return (packet: RawPacket, socket: RawSocket) => {
    if (packet.type === PacketType.Connect) socket.send(CONNACK_OK);
    if (packet.type === PacketType.Subscribe) socket.send(suback(packet));
    if (packet.type === PacketType.Pingreq && answerPings) socket.send(PINGRESP);
  };
}

function events() {
  const messages: string[] = [];
  const recorded = {
    reconnecting: vi.fn(),
    connected: vi.fn(),
    message: vi.fn((_topic: string, payload: Uint8Array) => void messages.push(new TextDecoder().decode(payload))),
    down: vi.fn<(error?: Error) => void>(),
  } satisfies MqttEvents;
  return { recorded, messages };
}

const options = (url: string, overrides: Partial<MqttOptions> = {}): MqttOptions => ({
  url,
  clientId: 'web_test',
  username: 'u',
  password: () => 'p',
  keepaliveSec: 30,
  connectTimeoutMs: 2000,
  reconnectPeriodMs: 100,
  ...overrides,
});

describe('MQTT client against a scripted server', () => {
  let server: RawHandle;
  let client: MqttConnection | null = null;

  afterEach(async () => {
    client?.end();
    client = null;
    await server.close();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reads packets joined in one frame and split across frames, and acknowledges QoS 1 ones', async () => {
    const split = publishQos1('y'.repeat(200), 7); // remaining length on two bytes
    server = await startRawServer((packet, socket) => {
      if (packet.type === PacketType.Connect) {
        // CONNACK and a first message in one frame (the broker may deliver as soon as the session exists).
        socket.send(new Uint8Array([...CONNACK_OK, ...encodePublish({ topic: 't', payload: bytes(0x61), qos: 0 })]));
      }
      if (packet.type === PacketType.Subscribe) {
        socket.send(
          new Uint8Array([...suback(packet), ...publishQos1('b', 5), ...split.subarray(0, 2)]),
          split.subarray(2, 100),
          new Uint8Array([...split.subarray(100), ...PINGRESP]),
        );
      }
    });
    const { recorded, messages } = events();
    client = connect(
      options(server.url),
      {
        ...recorded,
        connected: () => {
          recorded.connected();
          void client?.subscribe('t', 1);
        },
      },
      nodeSocket,
    );
    await waitFor(() => expect(messages).toEqual(['a', 'b', 'y'.repeat(200)]));
    const socket = server.sockets[0];
    await waitFor(() => expect(types(socket)).toEqual([1, 8, 4, 4]));
    expect(socket!.packets.slice(2).map((p) => p.body.readUInt16BE(0))).toEqual([5, 7]);
    expect(recorded.down).not.toHaveBeenCalled();
  });

  it('resolves a QoS 1 publish on its PUBACK only, a QoS 0 one at once; packet ids follow each other', async () => {
    let held: RawPacket | null = null;
    server = await startRawServer((packet, socket) => {
      polite()(packet, socket);
      if (packet.type === PacketType.Publish && (packet.flags & 0x06) === 2) held = packet;
    });
    const { recorded } = events();
    client = connect(options(server.url), recorded, nodeSocket);
    await waitFor(() => expect(recorded.connected).toHaveBeenCalled());
    expect(await client.subscribe('t', 1)).toBe(1);

    let acked = false;
    const qos1 = client.publish('in', 'one', 1).then(() => (acked = true));
    await client.publish('in', 'zero', 0);
    await waitFor(() => expect(held).not.toBeNull());
    await sleep(50);
    expect(acked).toBe(false);
    server.sockets[0]!.send(puback(held!));
    await qos1;
    // SUBSCRIBE took id 1, the QoS 1 publish id 2; the QoS 0 one carries none.
    expect(held!.body.readUInt16BE(4)).toBe(2);
    expect(server.sockets[0]!.packets.map((p) => [p.type, p.flags])).toEqual([
      [1, 0],
      [8, 2],
      [3, 2],
      [3, 0],
    ]);
  });

  it('pings every keepalive period, and drops then reconnects when the broker stops answering', async () => {
    let answer = true;
    server = await startRawServer((packet, socket) => polite(answer)(packet, socket));
    const { recorded } = events();
    client = connect(options(server.url, { keepaliveSec: 1 }), recorded, nodeSocket);
    await waitFor(() => expect(types(server.sockets[0])).toEqual([1, 12]), 2000);
    expect(recorded.down).not.toHaveBeenCalled();
    answer = false;
    await waitFor(() => expect(recorded.down).toHaveBeenCalledWith(new Error('Keepalive timeout')), 4000);
    expect(types(server.sockets[0])).toEqual([1, 12, 12]);
    await waitFor(() => expect(recorded.connected).toHaveBeenCalledTimes(2));
    expect(recorded.reconnecting).toHaveBeenCalledOnce();
  });

  it('gives up an attempt the broker leaves unanswered after the connect timeout, and tries again', async () => {
    server = await startRawServer(() => undefined);
    const { recorded } = events();
    const started = Date.now();
    client = connect(options(server.url, { connectTimeoutMs: 300 }), recorded, nodeSocket);
    await waitFor(() => expect(server.sockets).toHaveLength(2));
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(recorded.down).toHaveBeenCalledWith(undefined);
    expect(recorded.reconnecting).toHaveBeenCalledOnce();
    expect(recorded.connected).not.toHaveBeenCalled();
  });

  it('end with flush: DISCONNECT waits for the PUBACK of what is in flight; without: at once', async () => {
    const pending: { packet: RawPacket; socket: RawSocket }[] = [];
    server = await startRawServer((packet, socket) => {
      polite()(packet, socket);
      if (packet.type === PacketType.Publish) pending.push({ packet, socket });
    });
    const { recorded } = events();
    client = connect(options(server.url), recorded, nodeSocket);
    await waitFor(() => expect(recorded.connected).toHaveBeenCalled());
    const last = client.publish('in', 'last', 1);
    client.end(true);
    await waitFor(() => expect(pending).toHaveLength(1));
    await sleep(100);
    expect(types(server.sockets[0])).toEqual([1, 3]);
    pending[0]!.socket.send(puback(pending[0]!.packet));
    await last;
    await waitFor(() => expect(types(server.sockets[0])).toEqual([1, 3, 14]));

    const second = events();
    client = connect(options(server.url), second.recorded, nodeSocket);
    await waitFor(() => expect(second.recorded.connected).toHaveBeenCalled());
    const dropped = client.publish('in', 'dropped', 1);
    client.end();
    await expect(dropped).rejects.toThrow('connection lost');
    await waitFor(() => expect(types(server.sockets[1])).toEqual([1, 3, 14]));
    await sleep(200);
    expect(server.sockets).toHaveLength(2); // nothing reconnects after end
    expect(second.recorded.down).not.toHaveBeenCalled();
  });

  it('drops the connection on a protocol error and tries again', async () => {
    server = await startRawServer((packet, socket) => {
      if (packet.type === PacketType.Connect) socket.send(bytes(0x10, 0x00)); // a CONNECT, from a broker
    });
    const { recorded } = events();
    client = connect(options(server.url), recorded, nodeSocket);
    await waitFor(() => expect(server.sockets.length).toBeGreaterThanOrEqual(2));
    expect(recorded.down.mock.calls[0]![0]).toMatchObject({ name: 'MqttProtocolError' });
  });

  it('openBroker: a refused subscription leaves the link offline, without onReady', async () => {
    vi.stubGlobal('WebSocket', NodeWebSocket);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server = await startRawServer((packet, socket) => {
      if (packet.type === PacketType.Connect) socket.send(CONNACK_OK);
      if (packet.type === PacketType.Subscribe) socket.send(suback(packet, 0x80));
    });
    const handlers = { onReady: vi.fn(), onMessage: vi.fn(), onStatus: vi.fn() } satisfies BrokerHandlers;
    const link = await openBroker(
      {
        url: server.url,
        username: 'u',
        password: () => 'p',
        topic: 'out',
        qos: 1,
        keepaliveSec: 30,
        connectTimeoutMs: 2000,
        reconnectPeriodMs: 100,
      },
      handlers,
    );
    await waitFor(() => expect(handlers.onStatus).toHaveBeenLastCalledWith('offline'));
    expect(error).toHaveBeenCalledWith('broker: subscription refused', 'out');
    expect(handlers.onReady).not.toHaveBeenCalled();
    expect(link.publish('in', 'x')).toBe(false);
    link.close();
  });
});
