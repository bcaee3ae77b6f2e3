import type { MqttConnection, MqttEvents, MqttOptions } from './mqtt/client';

/** The broker link as the page sees it: trying, usable (connected and subscribed), lost, or closed for good. */
export type BrokerStatus = 'connecting' | 'online' | 'offline' | 'closed';

export interface BrokerSettings {
  url: string;
  username: string;
  /** Read on every (re)connection, so each attempt presents the credentials of that moment (a fresh access token). */
  password: () => string;
  /** The one topic this link listens to; subscribed again after every reconnection. */
  topic: string;
  /** QoS 0 or 1 (the audio client protocol uses 1); the client has no QoS 2. */
  qos: 0 | 1;
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
  connect(options: MqttOptions, events: MqttEvents): MqttConnection;
}

/**
 * The MQTT client (./mqtt/) loads with the first signed-in page that needs it, never before: a chunk of its own,
 * outside the login page's bundle.
 */
export const loadMqtt = (): Promise<MqttModule> => import('./mqtt/client');

/** MQTT's "subscription refused" grant. */
const REFUSED_QOS = 0x80;

/**
 * One MQTT-over-WebSocket link: connects, subscribes to its topic, reconnects by itself every `reconnectPeriodMs`
 * with the password read again on each attempt, and reports what happens. Failures are logged, never thrown at the
 * page.
 */
export async function openBroker(
  settings: BrokerSettings,
  handlers: BrokerHandlers,
  load: () => Promise<MqttModule> = loadMqtt,
): Promise<BrokerLink> {
  const mqtt = await load();
  const decoder = new TextDecoder();
  let online = false;
  let closed = false;

  const down = (error?: Error) => {
    const wasOnline = online;
    online = false;
    if (closed) return;
    if (wasOnline || error) handlers.onStatus('offline');
    handlers.onDown?.(error);
  };

  handlers.onStatus('connecting');
  const client: MqttConnection = mqtt.connect(
    {
      url: settings.url,
      clientId: `web_${Math.random().toString(36).slice(2, 12)}`,
      username: settings.username,
      password: settings.password,
      keepaliveSec: settings.keepaliveSec,
      connectTimeoutMs: settings.connectTimeoutMs,
      reconnectPeriodMs: settings.reconnectPeriodMs,
    },
    {
      reconnecting: () => {
        if (!closed) handlers.onStatus('connecting');
      },
      // Sessions are clean: the topic is subscribed again on every connection, and the page is ready once granted.
      connected: () => {
        client.subscribe(settings.topic, settings.qos).then(
          (granted) => {
            if (closed) return;
            if (granted === REFUSED_QOS) {
              console.error('broker: subscription refused', settings.topic);
              handlers.onStatus('offline');
              return;
            }
            online = true;
            handlers.onStatus('online');
            handlers.onReady(link);
          },
          // The connection dropped before the SUBACK: `down` reports it, and the next connection subscribes again.
          () => undefined,
        );
      },
      message: (_topic, payload) => {
        if (!closed) handlers.onMessage(decoder.decode(payload));
      },
      down: (error) => {
        if (error && !closed) console.warn('broker:', error.message);
        down(error);
      },
    },
  );

  const link: BrokerLink = {
    publish(topic, payload) {
      if (!online || closed) return false;
      client.publish(topic, payload, settings.qos).catch((error: Error) => {
        console.warn('broker: publish failed', error.message);
      });
      return true;
    },
    close(options) {
      if (closed) return;
      closed = true;
      online = false;
      client.end(options?.flush === true);
      handlers.onStatus('closed');
    },
  };

  return link;
}
