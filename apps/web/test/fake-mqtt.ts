import type { MqttConnection, MqttEvents, MqttOptions } from '../src/lib/mqtt/client';
import type { MqttModule } from '../src/lib/mqtt-client';

/** Stands in for the MQTT client (src/lib/mqtt/client.ts): the test plays the broker by calling its events. */
export class FakeMqttClient implements MqttConnection {
  readonly published: { topic: string; payload: string }[] = [];
  readonly subscriptions: string[] = [];
  /** The password each CONNECT presented, read from the options as the real client does. */
  readonly passwords: string[] = [];
  /** The QoS the "broker" grants; 128 refuses. */
  grant = 1;
  ended = false;
  /** Whether the page asked to let its last messages leave first. */
  endFlushed = false;

  constructor(
    readonly options: MqttOptions,
    readonly events: MqttEvents,
  ) {}

  get url(): string {
    return this.options.url;
  }

  subscribe(topic: string): Promise<number> {
    this.subscriptions.push(topic);
    return Promise.resolve(this.grant);
  }

  publish(topic: string, payload: string): Promise<void> {
    this.published.push({ topic, payload });
    return Promise.resolve();
  }

  end(flush?: boolean) {
    this.ended = true;
    this.endFlushed = flush === true;
  }

  /** The broker accepts a CONNECT. */
  accept() {
    this.passwords.push(this.options.password());
    this.events.connected();
  }

  /** The connection drops (with an error: a refused CONNECT, a protocol error). */
  drop(error?: Error) {
    this.events.down(error);
  }

  /** The client starts its next attempt. */
  retry() {
    this.events.reconnecting();
  }

  /** The broker delivers a message on the subscribed topic. */
  deliver(payload: unknown) {
    this.events.message(this.subscriptions[0] ?? '', new TextEncoder().encode(JSON.stringify(payload)));
  }
}

export function fakeMqtt() {
  const clients: FakeMqttClient[] = [];
  const module: MqttModule = {
    connect: (options, events) => {
      const client = new FakeMqttClient(options, events);
      clients.push(client);
      return client;
    },
  };
  return { clients, load: async () => module };
}

/** Lets pending promise callbacks and microtasks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
