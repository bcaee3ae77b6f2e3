import type { Log } from '../log.ts';
import { NalsError } from './errors.ts';
import type { Faults } from './faults.ts';
import type { SignalSink } from './signal-sink.ts';
import type { EngineTiming } from './timing.ts';

const VERSION_PATTERN = /^\d+\.\d+\.\d+$/;
const PROGRESS_STEPS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Simulated downloads of other client versions: progress in `status` signals (DOWNLOAD_PROGRESS), then
 * `nals_upgrade_ready`. Nothing is fetched; a finished download only makes that version available to `nals_upgrade`.
 */
export class Updater {
  private readonly downloaded = new Set<string>();
  private active: { version: string; progress: number; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly emit: SignalSink,
    private readonly faults: Faults,
    private readonly timing: EngineTiming,
    private readonly log: Log,
  ) {}

  get download(): { version: string; progress: number } | null {
    return this.active ? { version: this.active.version, progress: this.active.progress } : null;
  }

  get downloadedVersions(): string[] {
    return [...this.downloaded];
  }

  isDownloaded(version: string): boolean {
    return this.downloaded.has(version);
  }

  /** Starts a download (replacing one in progress); progress and the outcome arrive as signals. */
  start(version: string): void {
    if (!VERSION_PATTERN.test(version)) throw new NalsError('DOWNLOAD_FAILED', `no build for version "${version}"`);
    this.cancel();
    let step = 0;
    const tick = (): void => {
      const progress = PROGRESS_STEPS[step] ?? 1;
      if (this.faults.has('DOWNLOAD_FAILED') && progress > 0.5) {
        this.active = null;
        this.log.warn('download failed (injected)', { version });
        this.emit('error', { code: 'DOWNLOAD_FAILED', message: `download of ${version} interrupted` });
        return;
      }
      if (this.active) this.active.progress = progress;
      this.emit('status', { code: 'DOWNLOAD_PROGRESS', message: version, progress });
      step++;
      if (step < PROGRESS_STEPS.length) {
        if (this.active) this.active.timer = setTimeout(tick, this.timing.downloadStepMs);
        return;
      }
      this.active = null;
      this.downloaded.add(version);
      this.log.info('download finished', { version });
      this.emit('nals_upgrade_ready', { version });
    };
    this.active = { version, progress: 0, timer: setTimeout(tick, 0) };
    this.log.info('download started', { version });
  }

  cancel(): void {
    if (this.active) clearTimeout(this.active.timer);
    this.active = null;
  }
}
