import { encodeSignal } from './protocol/codec.ts';
import type { CliOptions } from './cli.ts';
import { SimulatedEngine } from './engine/engine.ts';
import { Faults } from './engine/faults.ts';
import type { EngineTiming } from './engine/timing.ts';
import type { Log } from './log.ts';
import { NalsClient } from './protocol/client.ts';
import { MqttTransport } from './protocol/mqtt-transport.ts';
import type { Transport } from './protocol/transport.ts';
import { startStateServer } from './state-server.ts';

export interface RunningNals {
  client: NalsClient;
  statePort: number | null;
  /** Says bye, disconnects from the broker, frees everything. */
  stop(): Promise<void>;
}

/** Wires the emulator: engine, protocol client on a transport (MQTT unless given), optional state endpoint. */
export async function startNals(
  options: Omit<CliOptions, 'logLevel'>,
  log: Log,
  overrides: { transport?: Transport; timing?: Partial<EngineTiming> } = {},
): Promise<RunningNals> {
  const faults = new Faults(options.faults);
  const transport =
    overrides.transport ??
    new MqttTransport({ url: options.broker, token: options.token, log, lastWill: encodeSignal('bye', undefined) });
  const client = new NalsClient({
    transport,
    faults,
    log,
    createEngine: (emit) =>
      new SimulatedEngine({
        version: options.version,
        emit,
        faults,
        recordingsDir: options.recordingsDir,
        log,
        timing: { ...(options.latencyMs ? { roomDelayMs: options.latencyMs } : {}), ...overrides.timing },
        chat: options.chat,
      }),
  });
  const stateServer =
    options.statePort === null ? null : await startStateServer(options.statePort, () => client.state(), log);
  client.start();
  return {
    client,
    statePort: stateServer?.port ?? null,
    stop: async () => {
      await client.shutdown();
      await stateServer?.close();
    },
  };
}
