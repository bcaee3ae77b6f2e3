import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { NalsSignalMessageSchema, nalsInTopic, nalsOutTopic } from '@tutti/contract/nals';

/** A real Aedes broker over WebSocket on a free port (no authentication: the server tests cover that). */
export async function startTestBroker(): Promise<{ url: string; close(): Promise<void> }> {
  const broker = await Aedes.createBroker();
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (ws, req) => broker.handle(createWebSocketStream(ws), req));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

export interface Signal {
  signal: string;
  data: unknown;
}

/** The web page's side: subscribed to `/out`, publishing actions to `/in`. */
export class WebSide {
  readonly received: Signal[] = [];
  private listeners: ((s: Signal) => void)[] = [];

  private constructor(
    private readonly client: MqttClient,
    private readonly token: string,
  ) {
    client.on('message', (_topic, payload) => {
      const m = NalsSignalMessageSchema.parse(JSON.parse(payload.toString()));
      const s = { signal: m.signal, data: m.data };
      this.received.push(s);
      for (const l of [...this.listeners]) l(s);
    });
  }

  static async connect(url: string, token: string): Promise<WebSide> {
    const client = await mqtt.connectAsync(url, { username: 'web', password: 'x', reconnectPeriod: 0 });
    await client.subscribeAsync(nalsOutTopic(token), { qos: 1 });
    return new WebSide(client, token);
  }

  async send(action: string, data?: unknown): Promise<void> {
    await this.client.publishAsync(nalsInTopic(this.token), JSON.stringify({ action, data }), { qos: 1 });
  }

  mark(): number {
    return this.received.length;
  }

  waitFor(signal: string, from = 0, timeoutMs = 8000): Promise<Signal> {
    const earlier = this.received.slice(from).find((s) => s.signal === signal);
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${signal} in ${timeoutMs} ms`)), timeoutMs);
      const l = (s: Signal) => {
        if (s.signal !== signal) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((x) => x !== l);
        resolve(s);
      };
      this.listeners.push(l);
    });
  }

  count(signal: string, from = 0): number {
    return this.received.slice(from).filter((s) => s.signal === signal).length;
  }

  close(): Promise<void> {
    return this.client.endAsync();
  }
}
