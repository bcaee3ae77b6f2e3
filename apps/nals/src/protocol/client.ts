import { performance } from 'node:perf_hooks';
import {
  NALS_SIGNALS,
  supports,
  type NALS_GATES,
  type NalsAction,
  type NalsEmulatorState,
  type NalsSignal,
} from '@tutti/contract/nals';
import type { SimulatedEngine } from '../engine/engine.ts';
import { NalsError, type NalsErrorCode } from '../engine/errors.ts';
import type { Faults } from '../engine/faults.ts';
import type { SignalSink } from '../engine/signal-sink.ts';
import { delay } from '../engine/timing.ts';
import type { Log } from '../log.ts';
import { encodeSignal, parseAction, type ParsedAction } from './codec.ts';
import {
  ACTION_GATES,
  ACTION_HANDLERS,
  ALLOWED_WHILE_STOPPED,
  type ActionHandler,
  type HandlerContext,
} from './handlers.ts';
import type { Transport } from './transport.ts';

/** Signals an older client never sends. */
const SIGNAL_GATES: Partial<Record<NalsSignal, keyof typeof NALS_GATES>> = { ping: 'ping', cl_ping: 'ping' };
/** Measurements that are stale by the time the broker is back: dropped while offline instead of queued. */
const VOLATILE: ReadonlySet<NalsSignal> = new Set<NalsSignal>(['audio_levels', 'ping', 'cl_ping']);
/** The error code an unexpected failure of an action is reported with. */
const FAILURE_CODES: Partial<Record<NalsAction, NalsErrorCode>> = {
  start_record_to_file: 'RECORDING_FAILED',
  stop_record: 'RECORDING_FAILED',
  list: 'RECORDING_FAILED',
  delete: 'RECORDING_FAILED',
  connect: 'ROOM_UNREACHABLE',
  nals_download: 'DOWNLOAD_FAILED',
  nals_upgrade: 'UPGRADE_FAILED',
  nals_rollback: 'UPGRADE_FAILED',
};
const BROKER_RTT_SAMPLES = 20;
/** How long shutdown waits for the broker to acknowledge the last signals (bye) while it is reachable. */
const FLUSH_TIMEOUT_MS = 500;

export interface NalsClientOptions {
  transport: Transport;
  createEngine: (emit: SignalSink) => SimulatedEngine;
  faults: Faults;
  log: Log;
  /** How often `cl_ping` (broker round trip) is reported while in a room. */
  clPingIntervalMs?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The protocol layer: reads actions from the broker one at a time, validates them, applies the version gates and
 * hands them to the engine; turns the engine's signals into `/out` messages. A malformed or unknown action is
 * answered with error INVALID_COMMAND and never stops the client.
 */
export class NalsClient {
  readonly engine: SimulatedEngine;
  private queue: Promise<void> = Promise.resolve();
  private firstOnline = true;
  private readonly counts: Record<string, number> = {};
  private readonly brokerRtts: number[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private clPingTimer: NodeJS.Timeout | null = null;
  private shutdownOnce: Promise<void> | null = null;

  constructor(private readonly options: NalsClientOptions) {
    this.engine = options.createEngine(this.emit);
  }

  start(): void {
    this.options.transport.start({
      message: (payload) => void this.receive(payload),
      online: () => this.onOnline(),
      offline: () => this.options.log.warn('broker connection lost'),
    });
    this.clPingTimer = setInterval(() => this.reportBrokerRtt(), this.options.clPingIntervalMs ?? 1000);
  }

  /** Handles one `/in` payload after those before it; resolves once it has been handled. */
  receive(payload: Buffer | string): Promise<void> {
    const next = this.queue.then(() => this.handle(payload));
    this.queue = next;
    return next;
  }

  /** Sends one signal to the web (typed by the contract, checked against its schema). */
  readonly emit: SignalSink = (signal, data) => {
    const gate = SIGNAL_GATES[signal];
    if (gate && !supports(this.engine.version, gate)) return;
    const checked = NALS_SIGNALS[signal].safeParse(data);
    if (!checked.success) {
      // A bug of ours: better to log it loudly than to send the web something it cannot read.
      this.options.log.error('signal does not match the contract, not sent', { signal, issues: checked.error.issues });
      return;
    }
    const { transport, log } = this.options;
    if (VOLATILE.has(signal) && !transport.online) return;
    this.counts[signal] = (this.counts[signal] ?? 0) + 1;
    const sentAt = performance.now();
    const sending = transport.publish(encodeSignal(signal, checked.data)).then(
      () => {
        this.brokerRtts.push(performance.now() - sentAt);
        if (this.brokerRtts.length > BROKER_RTT_SAMPLES) this.brokerRtts.shift();
      },
      (err: unknown) => log.warn('signal not delivered to the broker', { signal, err }),
    );
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
    if (signal !== 'audio_levels') log.debug('signal sent', { signal });
  };

  /** Stops the engine (bye after the stop delay), waits for the broker to take the last signals, disconnects. */
  shutdown(): Promise<void> {
    // SIGINT then SIGTERM, or a test closing twice: one shutdown, one bye.
    this.shutdownOnce ??= this.doShutdown();
    return this.shutdownOnce;
  }

  private async doShutdown(): Promise<void> {
    if (this.clPingTimer) clearInterval(this.clPingTimer);
    await this.queue;
    await this.engine.stop();
    // Offline, the bye waits in the MQTT queue for a reconnection that may never come: no use waiting for it.
    if (this.options.transport.online)
      await Promise.race([Promise.allSettled([...this.inFlight]), delay(FLUSH_TIMEOUT_MS)]);
    await this.engine.close();
    await this.options.transport.close();
  }

  async state(): Promise<NalsEmulatorState> {
    const { engine } = this;
    return {
      version: engine.version,
      previousVersion: engine.previousVersion,
      downloadedVersions: engine.updater.downloadedVersions,
      running: engine.running,
      broker: { url: this.options.transport.url, online: this.options.transport.online },
      hello: engine.hello(),
      soundCards: engine.settings.soundCards(),
      config: engine.settings.current(engine.version),
      effects: engine.effects(),
      mixer: engine.mixer.snapshot(),
      connection: engine.room.snapshot(),
      recording: engine.recorder.current,
      recordings: await engine.recorder.list(),
      recordingsDir: engine.recorder.dir,
      download: engine.updater.download,
      faults: this.options.faults.list(),
      signalCounts: { ...this.counts },
    };
  }

  private onOnline(): void {
    // The first connection starts the engine (hello); after a reconnection, hello tells the page we are back.
    if (this.firstOnline) {
      this.firstOnline = false;
      this.engine.start();
    } else if (this.engine.running) {
      this.emit('hello', this.engine.hello());
    }
  }

  /** cl_ping: the broker round trip, as the median time from publishing a signal to the broker's PUBACK. */
  private reportBrokerRtt(): void {
    if (!this.engine.room.connected || this.brokerRtts.length === 0) return;
    this.emit('cl_ping', { rttMs: Math.round(median(this.brokerRtts) * 1000) / 1000 });
  }

  private async handle(payload: Buffer | string): Promise<void> {
    const { log } = this.options;
    const parsed = parseAction(payload);
    if (!parsed.ok) {
      log.warn('invalid command', { message: parsed.message });
      this.emit('error', { code: 'INVALID_COMMAND', message: parsed.message });
      return;
    }
    const { action } = parsed.value;
    const gate = ACTION_GATES[action];
    if (gate && !supports(this.engine.version, gate)) {
      this.emit('error', {
        code: 'INVALID_COMMAND',
        message: `unknown action "${action}" for version ${this.engine.version}`,
      });
      return;
    }
    if (!this.engine.running && !ALLOWED_WHILE_STOPPED.has(action)) {
      this.emit('error', { code: 'NALS_NOT_STARTED', message: `"${action}" needs the engine started (nals_start)` });
      return;
    }
    log.debug('action', { action });
    try {
      await this.dispatch(parsed.value);
    } catch (err) {
      if (err instanceof NalsError) {
        log.warn('action failed', { action, code: err.code, message: err.message });
        this.emit('error', { code: err.code, message: err.message });
        return;
      }
      log.error('action failed unexpectedly', { action, err });
      const message = err instanceof Error ? err.message : String(err);
      this.emit('error', { code: FAILURE_CODES[action] ?? 'INVALID_COMMAND', message: `${action} failed: ${message}` });
    }
  }

  private dispatch<A extends NalsAction>(parsed: ParsedAction & { action: A }): void | Promise<void> {
    const ctx: HandlerContext = { engine: this.engine, emit: this.emit, log: this.options.log };
    const handler: ActionHandler<A> = ACTION_HANDLERS[parsed.action];
    return handler(ctx, parsed.data as Parameters<ActionHandler<A>>[1]);
  }
}
