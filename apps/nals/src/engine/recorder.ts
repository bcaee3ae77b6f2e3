import { mkdir, open, readdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { NalsSignalData } from '@tutti/contract/nals';
import type { Log } from '../log.ts';
import { NalsError } from './errors.ts';
import { SIM_SAMPLE_RATE, type SimulatedInput } from './signal.ts';

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;
const WRITE_INTERVAL_MS = 100;
const NAME_PATTERN = /^[A-Za-z0-9 _.-]{1,100}$/;

type Recording = NalsSignalData<'catalog'>['recordings'][number];
type RecordingInfo = NalsSignalData<'recording'>;

/** A canonical 44-byte PCM WAV header (mono, 16-bit) for `dataBytes` of samples. */
export function wavHeader(dataBytes: number, sampleRate = SIM_SAMPLE_RATE): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * BYTES_PER_SAMPLE, 28);
  h.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** `take 1` -> `take 1.wav`; anything outside letters, digits, space, `_ . -` becomes `_`, so a name never leaves the folder. */
export function fileNameFor(name: string): string {
  const base =
    name
      .replace(/\.wav$/i, '')
      .replace(/[^A-Za-z0-9 _.-]/g, '_')
      .replace(/^\.+/, '_') || 'recording';
  return `${base.slice(0, 96)}.wav`;
}

interface Active {
  name: string;
  file: FileHandle;
  startedAt: number;
  maxSeconds: number;
  samplesWritten: number;
  writer: NodeJS.Timeout;
  limit: NodeJS.Timeout;
  /** Writes run one after the other. */
  chain: Promise<void>;
}

/** Records the simulated capture to real WAV files in one folder; lists and deletes them. */
export class Recorder {
  private active: Active | null = null;

  constructor(
    readonly dir: string,
    private readonly input: SimulatedInput,
    private readonly onLimitReached: (name: string) => void,
    private readonly log: Log,
  ) {}

  get current(): RecordingInfo | null {
    const a = this.active;
    return a ? { name: a.name, startedAt: new Date(a.startedAt).toISOString(), maxSeconds: a.maxSeconds } : null;
  }

  async start(options: { name?: string; maxSeconds: number }): Promise<RecordingInfo> {
    if (this.active) throw new NalsError('RECORDING_FAILED', `already recording ${this.active.name}`);
    await mkdir(this.dir, { recursive: true });
    const name = await this.freeName(options.name ?? `take-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const file = await open(join(this.dir, name), 'w');
    await file.write(wavHeader(0), 0, HEADER_BYTES, 0);
    const active: Active = {
      name,
      file,
      startedAt: Date.now(),
      maxSeconds: options.maxSeconds,
      samplesWritten: 0,
      chain: Promise.resolve(),
      writer: setInterval(() => this.queueWrite(active), WRITE_INTERVAL_MS),
      limit: setTimeout(() => {
        this.stop().then(
          (stopped) => stopped && this.onLimitReached(stopped),
          (err: unknown) => this.log.error('recording stop failed', { err }),
        );
      }, options.maxSeconds * 1000),
    };
    this.active = active;
    this.log.info('recording started', { name, maxSeconds: options.maxSeconds });
    return this.current as RecordingInfo;
  }

  /** Stops the recording in progress; the name of the file, or null when nothing was recording. */
  async stop(): Promise<string | null> {
    const a = this.active;
    if (!a) return null;
    this.active = null;
    clearInterval(a.writer);
    clearTimeout(a.limit);
    this.queueWrite(a, true);
    await a.chain;
    await a.file.write(wavHeader(a.samplesWritten * BYTES_PER_SAMPLE), 0, HEADER_BYTES, 0);
    await a.file.close();
    this.log.info('recording stopped', { name: a.name, seconds: a.samplesWritten / SIM_SAMPLE_RATE });
    return a.name;
  }

  async list(): Promise<Recording[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.toLowerCase().endsWith('.wav'));
    } catch {
      return [];
    }
    const recordings = await Promise.all(
      names.map(async (name) => {
        const s = await stat(join(this.dir, name));
        const dataBytes = Math.max(0, s.size - HEADER_BYTES);
        return {
          name,
          sizeBytes: s.size,
          durationSec: Math.round((dataBytes / BYTES_PER_SAMPLE / SIM_SAMPLE_RATE) * 100) / 100,
          createdAt: (s.birthtimeMs > 0 ? s.birthtime : s.mtime).toISOString(),
        };
      }),
    );
    return recordings.sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.name.localeCompare(y.name));
  }

  /** Deletes a recording (stopping it first if it is the one in progress); returns whether one was stopped. */
  async delete(name: string): Promise<boolean> {
    if (!NAME_PATTERN.test(name) || name.startsWith('.'))
      throw new NalsError('RECORDING_NOT_FOUND', `no recording "${name}"`);
    const stopped = this.active?.name === name ? (await this.stop()) !== null : false;
    try {
      await unlink(join(this.dir, name));
    } catch {
      throw new NalsError('RECORDING_NOT_FOUND', `no recording "${name}"`);
    }
    return stopped;
  }

  async close(): Promise<void> {
    await this.stop();
  }

  /** Appends the samples due since the start (by the wall clock), so the file lasts as long as the recording did. */
  private queueWrite(a: Active, final = false): void {
    a.chain = a.chain
      .then(async () => {
        const due = Math.floor(((Date.now() - a.startedAt) / 1000) * SIM_SAMPLE_RATE);
        const capped = Math.min(due, a.maxSeconds * SIM_SAMPLE_RATE) - a.samplesWritten;
        if (capped <= 0) return;
        const samples = this.input.next(capped);
        const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
        await a.file.write(bytes, 0, bytes.length, HEADER_BYTES + a.samplesWritten * BYTES_PER_SAMPLE);
        a.samplesWritten += capped;
      })
      .catch((err: unknown) =>
        this.log.error(final ? 'last recording write failed' : 'recording write failed', { err }),
      );
  }

  private async freeName(requested: string): Promise<string> {
    const wanted = fileNameFor(requested);
    const taken = new Set(await readdir(this.dir));
    if (!taken.has(wanted)) return wanted;
    const stem = wanted.slice(0, -4);
    for (let i = 2; ; i++) if (!taken.has(`${stem}-${i}.wav`)) return `${stem}-${i}.wav`;
  }
}
