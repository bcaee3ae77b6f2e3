import { EventEmitter } from 'node:events';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { MqttModule } from '../src/lib/mqtt-client';

/** Stands in for an mqtt.js client: the test plays the broker by emitting its events. */
export class FakeMqttClient extends EventEmitter {
  readonly published: { topic: string; payload: string }[] = [];
  readonly subscriptions: string[] = [];
  /** The QoS the "broker" grants; 128 refuses. */
  grant = 1;
  ended = false;
  /** Whether the page closed without letting its last messages leave. */
  endForced = false;

  constructor(
    readonly url: string,
    readonly options: IClientOptions,
  ) {
    super();
  }

  subscribe(
    topic: string,
    _opts: unknown,
    cb: (error: Error | null, granted: { topic: string; qos: number }[]) => void,
  ) {
    this.subscriptions.push(topic);
    queueMicrotask(() => cb(null, [{ topic, qos: this.grant }]));
    return this;
  }

  publish(topic: string, payload: string, _opts: unknown, cb?: (error?: Error) => void) {
    this.published.push({ topic, payload });
    cb?.();
    return this;
  }

  end(force?: boolean) {
    this.ended = true;
    this.endForced = force === true;
    return this;
  }

  /** The broker delivers a message on the subscribed topic. */
  deliver(payload: unknown) {
    this.emit('message', this.subscriptions[0] ?? '', Buffer.from(JSON.stringify(payload)));
  }
}

export function fakeMqtt() {
  const clients: FakeMqttClient[] = [];
  const module: MqttModule = {
    connect: (url, options) => {
      const client = new FakeMqttClient(url, options);
      clients.push(client);
      return client as unknown as MqttClient;
    },
  };
  return { clients, load: async () => module };
}

/** Lets pending promise callbacks and microtasks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
