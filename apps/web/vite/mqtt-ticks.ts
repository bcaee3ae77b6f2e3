import type { Plugin } from 'vite';

/** MQTT.js's browser build, the one file the patch applies to. */
const MQTT_BROWSER_BUILD = /[\\/]mqtt[\\/]dist[\\/]mqtt\.esm\.js$/;

/**
 * The `process.nextTick` shims MQTT.js's browser build carries (the `process` package's and jspm's, minified): the
 * first tick of a batch schedules the queue's drain with `setTimeout(drain, 0)` (or the shim's own `runTimeout`).
 * Captures: the push of the tick, the queue, the "draining" flag, and the drain (either form).
 */
const SHIM_SCHEDULE =
  /(\.push\(new [\w$]+\([\w$]+,[\w$]+\)\),)([\w$]+)\.length===1&&!([\w$]+)&&(?:setTimeout\(([\w$]+),0\)|[\w$]+\(([\w$]+)\))/g;

/** The code with each shim draining its queue in a microtask; `count`: the shims found. */
export function microtaskTicks(code: string): { code: string; count: number } {
  let count = 0;
  const out = code.replace(
    SHIM_SCHEDULE,
    (_all, push: string, queue: string, draining: string, drain?: string, drained?: string) => {
      count += 1;
      return `${push}${queue}.length===1&&!${draining}&&queueMicrotask(${drain ?? drained})`;
    },
  );
  return { code: out, count };
}

/**
 * Ticks as microtasks in MQTT.js. Its streams defer their work with `process.nextTick`, which Node runs before the next
 * task; the browser shims made each one a timer task instead: two or three tasks per message received, ten messages a
 * second while the audio client sends levels (issue 9, the meters' share of a core). A microtask is what Node's
 * nextTick is. The build fails when no shim is found (an MQTT.js upgrade changed them): look at the new build then.
 */
export function mqttMicrotaskTicks(): Plugin {
  return {
    name: 'tutti-mqtt-microtask-ticks',
    apply: 'build',
    transform(code, id) {
      if (!MQTT_BROWSER_BUILD.test(id)) return null;
      const patched = microtaskTicks(code);
      if (patched.count === 0)
        this.error('mqtt-ticks: no process.nextTick shim found in MQTT.js; see vite/mqtt-ticks.ts');
      return { code: patched.code, map: null };
    },
  };
}
