import mqtt, { type MqttClient } from 'mqtt';
import type { TestApp } from './app.ts';

/** Where the test app's embedded broker listens (started with BROKER_ENABLED=true, BROKER_PORT=0). */
export function brokerUrl(t: TestApp): string {
  const broker = t.app.tutti.broker();
  if (!broker) throw new Error('The broker is not running: start the test app with BROKER_ENABLED=true.');
  return `ws://127.0.0.1:${broker.port}`;
}

/** A real MQTT.js connection over WebSocket, as the web page and the audio client open it; no reconnection, so a
 *  refusal or a server-side close stays visible. Rejects when the broker refuses the CONNECT. */
export function connectMqtt(t: TestApp, username: string, password: string): Promise<MqttClient> {
  return mqtt.connectAsync(brokerUrl(t), {
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    keepalive: 300,
    clientId: `test-${Math.random().toString(16).slice(2, 10)}`,
  });
}

/** Collects the payloads a connection receives, and waits for a given count. */
export function inbox(client: MqttClient) {
  const messages: { topic: string; payload: unknown }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  client.on('message', (topic, payload) => {
    messages.push({ topic, payload: JSON.parse(payload.toString('utf8')) as unknown });
    for (const w of waiters.filter((w) => messages.length >= w.count)) w.resolve();
  });
  return {
    messages,
    waitFor(count: number, timeoutMs = 3000): Promise<void> {
      if (messages.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} messages, got ${messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

/** Resolves when the broker ends the connection. */
export const closed = (client: MqttClient, timeoutMs = 3000): Promise<void> =>
  new Promise((resolve, reject) => {
    if (client.disconnected || !client.connected) return resolve();
    const timer = setTimeout(() => reject(new Error('the connection stayed open')), timeoutMs);
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export const publishJson = (client: MqttClient, topic: string, body: unknown) =>
  client.publishAsync(topic, JSON.stringify(body), { qos: 1 });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The QoS the broker granted per topic of one SUBSCRIBE: 1 when allowed, 128 when refused (MQTT.js rejects that
 *  case; the SUBACK is on the error). */
export async function subscribeGranted(client: MqttClient, topic: string): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topic, { qos: 1 })).map((g) => g.qos);
  } catch (e) {
    const granted = (e as { packet?: { granted?: number[] } }).packet?.granted;
    if (granted) return granted;
    throw e;
  }
}
