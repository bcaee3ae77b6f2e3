import mqtt, { type MqttClient } from 'mqtt';
import {
  NALS_CONNECT_TIMEOUT_MS,
  NALS_KEEPALIVE_SECONDS,
  NALS_QOS,
  nalsInTopic,
  nalsOutTopic,
} from '@tutti/contract/nals';
import type { Log } from '../log.ts';
import type { Transport, TransportEvents } from './transport.ts';

const RECONNECT_PERIOD_MS = 1000;
/** How long a clean DISCONNECT may wait for the broker's last PUBACKs before the socket is simply dropped. */
const CLEAN_CLOSE_TIMEOUT_MS = 300;

export interface MqttTransportOptions {
  url: string;
  token: string;
  log: Log;
  /** Published by the broker for us if we vanish without a clean disconnect (killed process, lost network). */
  lastWill: string;
}

/** The broker connection: user "nals" with the account's token, subscribed to `/in`, publishing to `/out`, QoS 1. */
export class MqttTransport implements Transport {
  readonly url: string;
  private client: MqttClient | null = null;

  constructor(private readonly options: MqttTransportOptions) {
    this.url = options.url;
  }

  get online(): boolean {
    return this.client?.connected ?? false;
  }

  start(events: TransportEvents): void {
    const { token, log } = this.options;
    const inTopic = nalsInTopic(token);
    const client = mqtt.connect(this.options.url, {
      username: 'nals',
      password: token,
      clientId: `nals-${token.slice(0, 8)}-${Math.random().toString(16).slice(2, 10)}`,
      keepalive: NALS_KEEPALIVE_SECONDS,
      connectTimeout: NALS_CONNECT_TIMEOUT_MS,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      clean: true,
      will: { topic: nalsOutTopic(token), payload: Buffer.from(this.options.lastWill), qos: NALS_QOS, retain: false },
    });
    this.client = client;
    client.on('connect', () => {
      client.subscribe(inTopic, { qos: NALS_QOS }, (err, granted) => {
        const refused = granted?.some((g) => g.qos === 128);
        if (err || refused) {
          log.error('the broker refused our subscription to the commands topic', { err, topic: inTopic });
          return;
        }
        log.info('connected to the broker', { url: this.url });
        events.online();
      });
    });
    client.on('message', (topic, payload) => {
      if (topic === inTopic) events.message(payload);
    });
    client.on('close', () => {
      if (this.client === client) events.offline();
    });
    client.on('offline', () => log.warn('broker unreachable, reconnecting', { url: this.url }));
    client.on('error', (err) => {
      const code = (err as Error & { code?: number }).code;
      // CONNACK 4/5 (MQTT 3.1.1) or 134/135 (MQTT 5): the broker does not accept this token.
      if (code === 4 || code === 5 || code === 134 || code === 135) log.error('the broker refused the token', { code });
      else log.warn('broker connection error', { err });
    });
  }

  publish(payload: string): Promise<void> {
    const client = this.client;
    if (!client) return Promise.reject(new Error('transport not started'));
    return new Promise((resolve, reject) => {
      client.publish(nalsOutTopic(this.options.token), payload, { qos: NALS_QOS }, (err) =>
        err ? reject(err) : resolve(),
      );
    });
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // Offline or still connecting: nothing can be flushed, and a clean end() would wait for the connection attempt
    // (or for PUBACKs that never come), so the socket is dropped at once.
    if (!client.connected) return client.endAsync(true);
    let timer: NodeJS.Timeout | undefined;
    const cleanly = await Promise.race([
      client.endAsync().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLEAN_CLOSE_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    // A broker that vanished without closing the socket (no RST) looks connected until the keepalive: drop it.
    if (!cleanly) await client.endAsync(true);
  }
}
