import { connect as connectTcp } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from './support/app.ts';
import { pgliteDatabase } from './support/databases.ts';
import { brokerUrl, connectMqtt } from './support/mqtt.ts';
import { createUser, getMe } from './support/users.ts';

/** An idle WebSocket to the broker port, as an attacker opens it: upgraded, and never an MQTT CONNECT. */
function idleSocket(url: string): Promise<{ ws: WebSocket; closed: Promise<void> } | { refused: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, 'mqtt');
    const closed = new Promise<void>((done) => ws.once('close', () => done()));
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    // A reset before the answer is a refusal too.
    ws.once('error', () => resolve({ refused: 0 }));
  });
}

const DEADLINE_MS = 2000;
const PER_ADDRESS = 200;

// The limits do not depend on the engine: PGlite is enough.
describe('embedded MQTT broker under a connection flood', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, {
      BROKER_ENABLED: 'true',
      BROKER_PORT: '0',
      BROKER_CONNECT_TIMEOUT_MS: String(DEADLINE_MS),
      BROKER_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      BROKER_MAX_CONNECTIONS_PER_TOKEN: '3',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('refuses sockets over the per-address cap, keeps the API answering, and closes idle ones at the deadline', async () => {
    const attempts = await Promise.all(Array.from({ length: 300 }, () => idleSocket(brokerUrl(t))));
    const open = attempts.filter((a) => 'ws' in a);
    const refused = attempts.filter((a) => 'refused' in a);
    // Never more than the cap at once (on a slow machine the first may already have met their deadline and freed
    // places for later attempts: then more than the cap opened in all, and fewer were refused).
    expect(open.filter((a) => a.ws.readyState === WebSocket.OPEN).length).toBeLessThanOrEqual(PER_ADDRESS);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.some((r) => r.refused === 429)).toBe(true);

    // While they are open, the API answers.
    const health = await fetch(`${origin}/api/v1/health`);
    expect(health.status).toBe(200);

    // None ever sent CONNECT: each is closed by the broker at the deadline, and the address may connect again.
    await Promise.all(open.map((a) => a.closed));
    const again = await idleSocket(brokerUrl(t));
    expect('ws' in again).toBe(true);
    if ('ws' in again) again.ws.close();
  });

  it('closes a TCP connection that never sends its WebSocket upgrade at the deadline', async () => {
    const { port } = new URL(brokerUrl(t));
    const socket = connectTcp(Number(port), '127.0.0.1');
    const ended = await new Promise<string>((resolve) => {
      socket.once('close', () => resolve('closed'));
      setTimeout(() => resolve('still open'), DEADLINE_MS * 4).unref();
    });
    socket.destroy();
    expect(ended).toBe('closed');
  });

  it('refuses a token’s connection over its cap with CONNACK "server unavailable", and takes one once freed', async () => {
    const user = await createUser(t);
    const token = (await getMe(t, user.accessToken)).nalsToken;
    const clients: MqttClient[] = [];
    try {
      clients.push(await connectMqtt(t, 'nals', token));
      clients.push(await connectMqtt(t, 'nals', token));
      clients.push(await connectMqtt(t, user.id, user.accessToken));
      await expect(connectMqtt(t, 'nals', token)).rejects.toMatchObject({
        message: expect.stringMatching(/server unavailable/i),
      });
      // Another account keeps its own places.
      const other = await createUser(t);
      clients.push(await connectMqtt(t, 'nals', (await getMe(t, other.accessToken)).nalsToken));
      await clients.shift()?.endAsync(true);
      await expect.poll(() => t.app.tutti.broker()?.connectionCount()).toBe(3);
      clients.push(await connectMqtt(t, 'nals', token));
    } finally {
      await Promise.all(clients.map((c) => c.endAsync(true)));
    }
  });
});
