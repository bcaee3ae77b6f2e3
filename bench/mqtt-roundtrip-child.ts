/**
 * The raw MQTT.js baseline of the audio-client round trip, one side per process (like the browser and the audio
 * client of the real path), never on the broker's event loop. Settings come as JSON in BENCH_MQTT_CHILD (credentials
 * stay off the command line):
 *
 *   echo:    as user "nals" with the account's token, answers every message on /in with `reply` on /out
 *   measure: as the web user (account id + access token), publishes `command` on /in, times until /out answers
 *
 * Both print JSON lines on stdout: `{"ready":true}` once subscribed; the measurer then `{"samples":[ms…]}`.
 */
import { performance } from 'node:perf_hooks';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { NALS_KEEPALIVE_SECONDS, NALS_QOS, nalsInTopic, nalsOutTopic } from '@tutti/contract/nals';

export type MqttChildSettings =
  | { role: 'echo'; url: string; token: string; reply: string }
  | {
      role: 'measure';
      url: string;
      token: string;
      username: string;
      password: string;
      command: string;
      count: number;
      warmup: number;
    };

// The options of the web page's link (apps/web/src/lib/mqtt-client.ts), so the baseline pays the same costs.
const common: IClientOptions = { clean: true, keepalive: NALS_KEEPALIVE_SECONDS, reconnectPeriod: 0 };

const say = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function subscribe(client: MqttClient, topic: string): Promise<void> {
  const granted = await client.subscribeAsync(topic, { qos: NALS_QOS });
  if (granted.some((g) => g.qos === 128)) throw new Error(`the broker refused the subscription to ${topic}`);
}

async function echo(s: Extract<MqttChildSettings, { role: 'echo' }>): Promise<void> {
  const client = await mqtt.connectAsync(s.url, { ...common, username: 'nals', password: s.token });
  client.on('message', () => client.publish(nalsOutTopic(s.token), s.reply, { qos: NALS_QOS }));
  await subscribe(client, nalsInTopic(s.token));
  say({ ready: true });
  // Answers until the parent ends the process.
}

async function measure(s: Extract<MqttChildSettings, { role: 'measure' }>): Promise<void> {
  const client = await mqtt.connectAsync(s.url, { ...common, username: s.username, password: s.password });
  let answer: (() => void) | null = null;
  client.on('message', () => {
    const resolve = answer;
    answer = null;
    resolve?.();
  });
  await subscribe(client, nalsOutTopic(s.token));
  say({ ready: true });
  const samples: number[] = [];
  // One command at a time, the next one only after the answer: latency, not throughput.
  for (let i = 0; i < s.warmup + s.count; i += 1) {
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const started = performance.now();
    client.publish(nalsInTopic(s.token), s.command, { qos: NALS_QOS });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within 5 s to command #${i}`)), 5000);
    });
    await Promise.race([answered, late]);
    clearTimeout(timer);
    if (i >= s.warmup) samples.push(performance.now() - started);
  }
  say({ samples });
  await client.endAsync();
}

const settings = JSON.parse(process.env.BENCH_MQTT_CHILD ?? 'null') as MqttChildSettings | null;
if (settings?.role === 'echo') await echo(settings);
else if (settings?.role === 'measure') await measure(settings);
else {
  process.stderr.write('mqtt-roundtrip-child.ts: BENCH_MQTT_CHILD must hold the settings (see the file header)\n');
  process.exit(2);
}
