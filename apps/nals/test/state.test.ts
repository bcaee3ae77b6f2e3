import { afterEach, describe, expect, it } from 'vitest';
import { NalsEmulatorStateSchema } from '@tutti/contract/nals';
import { startStateServer } from '../src/state-server.ts';
import { silentLog } from '../src/log.ts';
import { startHarness, type Harness } from './harness.ts';

describe('state endpoint (--state-port)', () => {
  let h: Harness;
  let server: Awaited<ReturnType<typeof startStateServer>> | null = null;
  afterEach(async () => {
    await server?.close();
    await h.close();
  });

  it('GET /state returns the whole client state, following the commands', async () => {
    h = await startHarness({ faults: ['AUDIO_DRIVER_NOT_STARTED'] });
    server = await startStateServer(0, () => h.nals.client.state(), silentLog);
    const url = `http://127.0.0.1:${server.port}/state`;
    let state = NalsEmulatorStateSchema.parse(await (await fetch(url)).json());
    expect(state).toMatchObject({
      version: '0.11.0',
      running: true,
      broker: { url: 'memory://broker', online: true },
      connection: null,
      recording: null,
      faults: ['AUDIO_DRIVER_NOT_STARTED'],
      signalCounts: { hello: 1, error: 1 },
    });
    await h.send('set_audio_quality', { quality: 2 });
    await h.send('native_effects', { amp: { drive: 45 } });
    state = NalsEmulatorStateSchema.parse(await (await fetch(url)).json());
    expect(state.config.audioQuality).toBe(2);
    expect(state.effects?.amp.drive).toBe(30);
    expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
  });
});
