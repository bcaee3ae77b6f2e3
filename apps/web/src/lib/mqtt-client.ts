import type { IClientOptions, MqttClient } from 'mqtt';

/** The broker link as the page sees it: trying, usable (connected and subscribed), lost, or closed for good. */
export type BrokerStatus = 'connecting' | 'online' | 'offline' | 'closed';

export interface BrokerSettings {
  url: string;
  username: string;
  /** Read on every (re)connection, so each attempt presents the credentials of that moment (a fresh access token). */
  password: () => string;
  /** The one topic this link listens to; subscribed again after every reconnection. */
  topic: string;
  qos: 0 | 1 | 2;
  keepaliveSec: number;
  connectTimeoutMs: number;
  /** Delay between reconnection attempts. */
  reconnectPeriodMs: number;
}

export interface BrokerHandlers {
  /** Connected and subscribed: the page may talk. Called again after each reconnection. */
  onReady(link: BrokerLink): void;
  onMessage(payload: string): void;
  onStatus(status: BrokerStatus): void;
  /** The connection dropped or was refused: the moment to renew credentials before the next attempt. */
  onDown?(error?: Error): void;
}

export interface BrokerLink {
  /** False when the link is not usable right now: the message was not sent. */
  publish(topic: string, payload: string): boolean;
  /** `flush`: let messages already published leave first (a page closing after its last command). */
  close(options?: { flush?: boolean }): void;
}

export interface MqttModule {
  connect(url: string, options: IClientOptions): MqttClient;
}

/** mqtt.js weighs about 100 KB gzipped: it loads with the first signed-in page that needs it, never before. */
export const loadMqtt = async (): Promise<MqttModule> => (await import('mqtt')).default;

/** MQTT's "subscription refused" grant. */
const REFUSED_QOS = 128;

/**
 * One MQTT-over-WebSocket link: connects, subscribes to its topic, reconnects by itself (mqtt.js' timer) with the
 * password read again on each attempt, and reports what happens. Failures are logged, never thrown at the page.
 */
export async function openBroker(
  settings: BrokerSettings,
  handlers: BrokerHandlers,
  load: () => Promise<MqttModule> = loadMqtt,
): Promise<BrokerLink> {
  const mqtt = await load();
  let online = false;
  let closed = false;

  handlers.onStatus('connecting');
  const client = mqtt.connect(settings.url, {
    username: settings.username,
    password: settings.password(),
    clientId: `web_${Math.random().toString(36).slice(2, 12)}`,
    clean: true,
    keepalive: settings.keepaliveSec,
    connectTimeout: settings.connectTimeoutMs,
    reconnectPeriod: settings.reconnectPeriodMs,
    // A refused CONNECT (an access token that just expired) is retried too, with the renewed token.
    reconnectOnConnackError: true,
    // Subscribing is done on every 'connect' below, so the page knows when the topic is granted.
    resubscribe: false,
  });

  const link: BrokerLink = {
    publish(topic, payload) {
      if (!online || closed) return false;
      client.publish(topic, payload, { qos: settings.qos }, (error) => {
        if (error) console.warn('broker: publish failed', error.message);
      });
      return true;
    },
    close(options) {
      if (closed) return;
      closed = true;
      online = false;
      client.end(!options?.flush);
      handlers.onStatus('closed');
    },
  };

  const down = (error?: Error) => {
    const wasOnline = online;
    online = false;
    if (closed) return;
    if (wasOnline || error) handlers.onStatus('offline');
    handlers.onDown?.(error);
  };

  // mqtt.js emits 'reconnect' right before it builds the next CONNECT packet from its options.
  client.on('reconnect', () => {
    client.options.password = settings.password();
    handlers.onStatus('connecting');
  });
  client.on('connect', () => {
    client.subscribe(settings.topic, { qos: settings.qos }, (error, granted) => {
      if (closed) return;
      const refused = granted?.some((g) => g.qos === REFUSED_QOS) ?? false;
      if (error || refused) {
        console.error('broker: subscription refused', settings.topic, error ?? '');
        handlers.onStatus('offline');
        return;
      }
      online = true;
      handlers.onStatus('online');
      handlers.onReady(link);
    });
  });
  client.on('message', (_topic, payload) => {
    if (!closed) handlers.onMessage(payload.toString());
  });
  client.on('close', () => down());
  client.on('offline', () => down());
  client.on('error', (error) => {
    console.warn('broker:', error.message);
    down(error);
  });

  return link;
}
