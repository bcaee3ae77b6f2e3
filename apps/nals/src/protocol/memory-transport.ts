import { NalsSignalMessageSchema } from '@tutti/contract/nals';
import type { Transport, TransportEvents } from './transport.ts';

export interface PublishedSignal {
  signal: string;
  data: unknown;
}

/**
 * A broker in memory, for tests: `send` plays the web page publishing on `/in`; every publish is kept, and
 * acknowledged after `ackDelayMs` like a broker's PUBACK.
 */
export class MemoryTransport implements Transport {
  readonly url = 'memory://broker';
  readonly published: PublishedSignal[] = [];
  private events: TransportEvents | null = null;
  private isOnline = false;
  private listeners: ((s: PublishedSignal) => void)[] = [];

  constructor(private readonly ackDelayMs = 1) {}

  get online(): boolean {
    return this.isOnline;
  }

  start(events: TransportEvents): void {
    this.events = events;
    this.goOnline();
  }

  goOnline(): void {
    this.isOnline = true;
    this.events?.online();
  }

  goOffline(): void {
    this.isOnline = false;
    this.events?.offline();
  }

  publish(payload: string): Promise<void> {
    const message = NalsSignalMessageSchema.parse(JSON.parse(payload));
    const s: PublishedSignal = { signal: message.signal, data: message.data };
    this.published.push(s);
    for (const l of [...this.listeners]) l(s);
    return new Promise((resolve) => setTimeout(resolve, this.ackDelayMs));
  }

  /** What the web page would publish: an action object, or any raw payload (for malformed input). */
  send(message: { action: string; data?: unknown } | string | Buffer): void {
    const payload = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
    this.events?.message(Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
  }

  /** Resolves with the next published signal matching, looking first at those published from index `from`. */
  waitFor(
    signal: string,
    match: (data: unknown) => boolean = () => true,
    from = 0,
    timeoutMs = 5000,
  ): Promise<PublishedSignal> {
    const earlier = this.published.slice(from).find((s) => s.signal === signal && match(s.data));
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(
          new Error(`no "${signal}" signal in ${timeoutMs} ms; got ${this.published.map((p) => p.signal).join(', ')}`),
        );
      }, timeoutMs);
      const listener = (s: PublishedSignal) => {
        if (s.signal !== signal || !match(s.data)) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(s);
      };
      this.listeners.push(listener);
    });
  }

  signals(name: string, from = 0): PublishedSignal[] {
    return this.published.slice(from).filter((s) => s.signal === name);
  }

  async close(): Promise<void> {
    this.isOnline = false;
    this.events = null;
  }
}
