import { hostname, networkInterfaces, platform, release } from 'node:os';
import { NALS_RECORD_MAX_SECONDS, type Effects, type EffectsPatch, type NalsSignalData } from '@tutti/contract/nals';
import type { Log } from '../log.ts';
import { applyEffectsPatch, defaultEffects, effectsForVersion } from './effects.ts';
import { NalsError } from './errors.ts';
import type { Faults } from './faults.ts';
import { Mixer } from './mixer.ts';
import { Recorder } from './recorder.ts';
import { RoomLink } from './room-link.ts';
import { AudioSettings } from './settings.ts';
import { SimulatedInput } from './signal.ts';
import type { SignalSink } from './signal-sink.ts';
import { DEFAULT_TIMING, delay, type EngineTiming } from './timing.ts';
import { Updater } from './updater.ts';

export const ENGINE_NAME = 'Tutti NALS (simulated engine)';

export interface EngineOptions {
  version: string;
  emit: SignalSink;
  faults: Faults;
  recordingsDir: string;
  log: Log;
  timing?: Partial<EngineTiming>;
  /** A private chat message to relay once after the first start (the emulator has no chat source of its own). */
  chat?: NalsSignalData<'private_chat_message'> | null;
}

/** The first non-internal IPv4 address: what the machine is known as on its network. */
function localAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) return i.address;
  }
  return '127.0.0.1';
}

/**
 * The simulated audio engine: settings, effects, monitor mix, recordings, the room link and versions. No sound card
 * is touched; the capture is a generated signal. It knows nothing of MQTT: it reports through its signal sink.
 */
export class SimulatedEngine {
  version: string;
  previousVersion: string | null = null;
  running = false;
  readonly settings: AudioSettings;
  readonly mixer = new Mixer();
  readonly recorder: Recorder;
  readonly room: RoomLink;
  readonly updater: Updater;
  private effectsState: Effects = defaultEffects();
  private readonly timing: EngineTiming;
  private readonly emit: SignalSink;
  private chatPending: NalsSignalData<'private_chat_message'> | null;

  constructor(private readonly options: EngineOptions) {
    this.version = options.version;
    this.emit = options.emit;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.chatPending = options.chat ?? null;
    const driverDown = () => options.faults.has('AUDIO_DRIVER_NOT_STARTED');
    this.settings = new AudioSettings(options.faults);
    this.recorder = new Recorder(
      options.recordingsDir,
      new SimulatedInput(driverDown),
      (name) => this.emit('not_recording', { name }),
      options.log,
    );
    this.room = new RoomLink(
      this.emit,
      new SimulatedInput(driverDown),
      this.mixer,
      options.faults,
      this.timing,
      options.log,
    );
    this.updater = new Updater(this.emit, options.faults, this.timing, options.log);
  }

  hello(): NalsSignalData<'hello'> {
    return { name: ENGINE_NAME, host: localAddress(), hostname: hostname(), version: this.version };
  }

  nativeInfo(): NalsSignalData<'native_info'> {
    return { engine: 'simulated', os: `${platform()} ${release()}`, effects: this.effects() };
  }

  effects(): Effects | null {
    return effectsForVersion(this.effectsState, this.version);
  }

  patchEffects(patch: EffectsPatch): void {
    this.effectsState = applyEffectsPatch(this.effectsState, patch, this.version);
  }

  /**
   * Hello, followed by the audio driver failure while it lasts: the failure is a state of this client, not an event,
   * so a page that greets it later (opened or reloaded after the start) learns of it as well.
   */
  greet(): void {
    this.emit('hello', this.hello());
    if (this.options.faults.has('AUDIO_DRIVER_NOT_STARTED')) {
      this.emit('error', { code: 'AUDIO_DRIVER_NOT_STARTED', message: 'the audio driver did not start' });
    }
  }

  /** Starts the engine and greets; when already running, greets again. */
  start(): void {
    if (this.running) {
      this.greet();
      return;
    }
    if (this.options.faults.consume('NALS_NOT_STARTED')) {
      this.options.log.warn('engine start failed (injected)');
      this.emit('error', { code: 'NALS_NOT_STARTED', message: 'the audio engine failed to start' });
      return;
    }
    this.running = true;
    this.options.log.info('engine started', { version: this.version });
    this.greet();
    if (this.chatPending) {
      this.emit('private_chat_message', this.chatPending);
      this.chatPending = null;
    }
  }

  /** Leaves the room, ends any recording, and says bye after the stop delay. */
  async stop(): Promise<void> {
    if (this.running) {
      this.running = false;
      if (this.room.snapshot()) this.room.disconnect();
      const stopped = await this.recorder.stop();
      if (stopped) this.emit('not_recording', { name: stopped });
      this.options.log.info('engine stopped');
    }
    await delay(this.timing.stopDelayMs);
    this.emit('bye', undefined);
  }

  async startRecording(options: { name?: string; maxSeconds?: number }): Promise<NalsSignalData<'recording'>> {
    if (this.options.faults.has('RECORDING_FAILED'))
      throw new NalsError('RECORDING_FAILED', 'cannot write the recording');
    try {
      return await this.recorder.start({
        name: options.name,
        maxSeconds: options.maxSeconds ?? NALS_RECORD_MAX_SECONDS,
      });
    } catch (err) {
      if (err instanceof NalsError) throw err;
      throw new NalsError('RECORDING_FAILED', err instanceof Error ? err.message : String(err));
    }
  }

  /** Restarts at a downloaded version, remembering the current one for `rollback`. */
  async upgrade(version: string): Promise<void> {
    if (this.options.faults.has('UPGRADE_FAILED'))
      throw new NalsError('UPGRADE_FAILED', `upgrade to ${version} failed`);
    if (!this.updater.isDownloaded(version))
      throw new NalsError('UPGRADE_FAILED', `version ${version} was not downloaded`);
    this.emit('status', { code: 'UPGRADING', message: version });
    const from = this.version;
    await this.restartAt(version);
    if (from !== version) this.previousVersion = from;
  }

  /** Restarts at the version before the last upgrade. */
  async rollback(): Promise<void> {
    const previous = this.previousVersion;
    if (!previous) throw new NalsError('ROLLBACK_UNAVAILABLE', 'no previous version to return to');
    this.emit('status', { code: 'ROLLING_BACK', message: previous });
    this.previousVersion = null;
    await this.restartAt(previous);
  }

  /** Frees sockets, timers and files without any signal (process exit after bye). */
  async close(): Promise<void> {
    this.updater.cancel();
    this.room.close();
    await this.recorder.close();
  }

  /** The in-process restart a real upgrade does: bye, the new version, hello. */
  private async restartAt(version: string): Promise<void> {
    this.updater.cancel();
    await this.stop();
    this.version = version;
    this.options.log.info('restarting', { version });
    this.start();
  }
}
