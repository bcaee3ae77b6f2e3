import { afterEach, describe, expect, it } from 'vitest';
import type { Effects } from '@tutti/contract/nals';
import { defaultEffects } from '../src/engine/effects.ts';
import { startHarness, type Harness } from './harness.ts';

type NativeInfo = { engine: string; os: string; effects: Effects | null };
const lastInfo = (h: Harness) => h.transport.signals('native_info').at(-1)?.data as NativeInfo;

describe('effects (native_effects, native_info)', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('native_info -> native_info with the simulated engine and the effects with bounds (drive max 30)', async () => {
    h = await startHarness();
    await h.send('native_info');
    const info = lastInfo(h);
    expect(info.engine).toBe('simulated');
    expect(info.effects).toEqual(defaultEffects());
    expect(info.effects?.amp.bounds.drive).toEqual({ min: 0, max: 30 });
  });

  it('native_effects without data (or empty) asks for the effects', async () => {
    h = await startHarness();
    const from = h.mark();
    await h.send('native_effects');
    await h.send('native_effects', {});
    expect(h.transport.signals('native_info', from)).toHaveLength(2);
    expect(lastInfo(h).effects).toEqual(defaultEffects());
  });

  it('native_effects with a patch applies it and answers with the new effects', async () => {
    h = await startHarness();
    await h.send('native_effects', {
      amp: { bass: 7, insane: true, stack: 2 },
      delay: { enabled: true, timeInSec: 0.5, chorus: true },
      chorus: { enabled: true, depth: 0.7 },
    });
    const fx = lastInfo(h).effects as Effects;
    expect(fx.amp).toMatchObject({ bass: 7, insane: true, stack: 2, middle: 5 });
    expect(fx.delay).toMatchObject({ enabled: true, timeInSec: 0.5, chorus: true, feedback: 0.3 });
    expect(fx.chorus).toMatchObject({ enabled: true, depth: 0.7 });
    expect((await h.nals.client.state()).effects).toEqual(fx);
  });

  it('clamps every value to its bounds, the stack to the amp list and voices to a whole number', async () => {
    h = await startHarness();
    await h.send('native_effects', {
      amp: { drive: 99, gain: -50, bass: 11, stack: 9 },
      delay: { feedback: 3, timeInSec: 0 },
      chorus: { voices: 3.6, rateInHz: 100, mixer: -1 },
    });
    let fx = lastInfo(h).effects as Effects;
    expect(fx.amp).toMatchObject({ drive: 30, gain: -12, bass: 10, stack: 3 });
    expect(fx.delay).toMatchObject({ feedback: 0.95, timeInSec: 0.01 });
    expect(fx.chorus).toMatchObject({ voices: 4, rateInHz: 10, mixer: 0 });
    await h.send('native_effects', { amp: { stack: -2 } });
    fx = lastInfo(h).effects as Effects;
    expect(fx.amp.stack).toBe(0);
  });

  it('0.10.0 and 0.10.1: effects without chorus; chorus patches ignored', async () => {
    h = await startHarness({ version: '0.10.1' });
    await h.send('native_effects', { chorus: { enabled: true }, delay: { chorus: true, mixer: 0.5 } });
    const fx = lastInfo(h).effects as Effects;
    expect(fx.chorus).toBeNull();
    expect(fx.delay).toMatchObject({ chorus: false, mixer: 0.5 });
  });

  it('below 0.10.0: native_info has no effects and native_effects is unknown', async () => {
    h = await startHarness({ version: '0.9.0' });
    await h.send('native_info');
    expect(lastInfo(h).effects).toBeNull();
    const from = h.mark();
    await h.send('native_effects');
    expect(h.transport.published.slice(from)).toEqual([
      {
        signal: 'error',
        data: { code: 'INVALID_COMMAND', message: 'unknown action "native_effects" for version 0.9.0' },
      },
    ]);
  });
});
