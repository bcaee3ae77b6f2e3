import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { NALS_SIGNALS, type NalsSignal } from '@tutti/contract/nals';
import { startNals, type RunningNals } from '../src/app.ts';
import type { InjectableFault } from '../src/engine/faults.ts';
import type { EngineTiming } from '../src/engine/timing.ts';
import { silentLog } from '../src/log.ts';
import { MemoryTransport } from '../src/protocol/memory-transport.ts';

/** Short delays so tests run quickly; the stop delay keeps its real 100 ms since tests check it. */
export const FAST_TIMING: Partial<EngineTiming> = {
  downloadStepMs: 20,
  joinTimeoutMs: 600,
  joinRetryMs: 100,
  lostAfterMs: 400,
  levelsIntervalMs: 50,
  pingIntervalMs: 100,
  pingTimeoutMs: 300,
};

export interface Harness {
  transport: MemoryTransport;
  nals: RunningNals;
  dir: string;
  /** Plays the web page: publishes an action and resolves once the client has handled it. */
  send(action: string, data?: unknown): Promise<void>;
  /** Index of the next signal to be published, to look only at what follows. */
  mark(): number;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    version?: string;
    faults?: InjectableFault[];
    chat?: { from: string; text: string };
    latencyMs?: number;
  } = {},
): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'nals-test-'));
  const transport = new MemoryTransport();
  const nals = await startNals(
    {
      token: 'test-token',
      broker: transport.url,
      version: options.version ?? '0.11.0',
      statePort: null,
      faults: options.faults ?? [],
      recordingsDir: join(dir, 'recordings'),
      chat: options.chat ?? null,
      latencyMs: options.latencyMs,
    },
    silentLog,
    { transport, timing: FAST_TIMING },
  );
  let closed = false;
  return {
    transport,
    nals,
    dir,
    send: (action, data) => nals.client.receive(JSON.stringify(data === undefined ? { action } : { action, data })),
    mark: () => transport.published.length,
    close: async () => {
      if (closed) return;
      closed = true;
      await nals.stop();
      await rm(dir, { recursive: true, force: true });
      expectAllSignalsValid(transport);
    },
  };
}

/** Every signal the client published matches its contract schema. */
export function expectAllSignalsValid(transport: MemoryTransport): void {
  for (const s of transport.published) {
    expect(Object.hasOwn(NALS_SIGNALS, s.signal), s.signal).toBe(true);
    const result = NALS_SIGNALS[s.signal as NalsSignal].safeParse(s.data);
    expect(result.success, `${s.signal} ${JSON.stringify(s.data)}`).toBe(true);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
