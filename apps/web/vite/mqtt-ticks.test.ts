import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { microtaskTicks } from './mqtt-ticks.ts';

/** A nextTick shim as MQTT.js's build has it (jspm's form), run with the patch applied or not. */
const shim = (form: 'timeout' | 'runTimeout') => `
  var q=[],d=!1,ran=[];
  function drain(){if(!d){d=!0;for(var i=0;i<q.length;i++)q[i].run();q=[],d=!1}}
  function runTimeout(f){return setTimeout(f,0)}
  function Item(f,a){this.fun=f,this.array=a}Item.prototype.run=function(){this.fun.apply(null,this.array)};
  function nextTick(e){var t=[];q.push(new Item(e,t)),q.length===1&&!d&&${form === 'timeout' ? 'setTimeout(drain,0)' : 'runTimeout(drain)'}}
  return nextTick;`;

describe('MQTT.js ticks as microtasks', () => {
  it.each(['timeout', 'runTimeout'] as const)('drains a %s shim before the next task', async (form) => {
    const { code, count } = microtaskTicks(shim(form));
    expect(count).toBe(1);
    const nextTick = new Function(code)() as (f: () => void) => void;
    const order: string[] = [];
    setTimeout(() => order.push('next task'), 0);
    nextTick(() => order.push('tick 1'));
    nextTick(() => order.push('tick 2'));
    await Promise.resolve();
    expect(order).toEqual(['tick 1', 'tick 2']);
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual(['tick 1', 'tick 2', 'next task']);
  });

  it('finds every shim of the MQTT.js build the web bundles', () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('mqtt').replace(/build[\\/]index\.js$/, 'dist/mqtt.esm.js');
    const source = readFileSync(file, 'utf8');
    const { code, count } = microtaskTicks(source);
    expect(count).toBe(3);
    expect(code.match(/queueMicrotask\(/g)?.length).toBe((source.match(/queueMicrotask\(/g)?.length ?? 0) + 3);
  });
});
