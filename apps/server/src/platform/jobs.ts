import type { FastifyBaseLogger } from 'fastify';
import type { OutageWatch } from './outage.ts';

/**
 * Named interval jobs run in-process on every instance. A job must be safe to run on several instances at once: it
 * claims its rows with `FOR UPDATE SKIP LOCKED` inside a transaction, so two instances never process the same row.
 * Within one instance a job never overlaps itself: a tick that finds the previous run still going is skipped.
 */
export interface Jobs {
  /** `run` gets `stopping()`: true once the server closes, so a run that loops over batches ends after its current
   *  one instead of holding the shutdown until its backlog is drained. */
  register(name: string, intervalMs: number, run: (stopping: () => boolean) => Promise<unknown>): void;
  /** Runs the job once now, or once after the run in flight: callers meanwhile share that one next run (10,000
   *  webhooks asking for it make one or two runs, not 10,000). Nothing runs once stopped. Tests drive jobs with it
   *  and a moved clock. */
  runNow(name: string): Promise<void>;
  /** Starts every registered job's timer (on app ready). */
  start(): void;
  /** Stops the timers and waits for the runs in flight (before the database closes). */
  stop(): Promise<void>;
  /** Runs failed in a row, per registered job (0 after a run that succeeded): /metrics shows it as a gauge. */
  failures(): Map<string, number>;
}

/** Failed runs in a row that raise the alert: an error-level "job failing" log line (and the gauge on /metrics). */
export const ALERT_AFTER_FAILURES = 2;

interface Job {
  intervalMs: number;
  run: (stopping: () => boolean) => Promise<unknown>;
  running: Promise<void> | null;
  /** The run promised to runNow's callers after the one in flight. */
  next: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  /** Runs failed in a row. */
  failures: number;
}

/** `outage`: a run failing because the database is lost is the watch's to log (once per outage), not every tick's. */
export function createJobs(log: FastifyBaseLogger, outage?: Pick<OutageWatch, 'report'>): Jobs {
  const jobs = new Map<string, Job>();
  let stopped = false;

  const execute = (name: string, job: Job): Promise<void> => {
    const run = (async () => {
      try {
        await job.run(() => stopped);
        if (job.failures >= ALERT_AFTER_FAILURES) log.info({ job: name, failures: job.failures }, 'job recovered');
        job.failures = 0;
      } catch (err) {
        job.failures += 1;
        // A failed run is retried at the next tick; it must not take the process down.
        if (!outage?.report(err)) log.error({ err, job: name }, 'job failed');
        // The alert (issue 29: "a job that fails twice in a row"), once per streak, even during a database outage.
        if (job.failures === ALERT_AFTER_FAILURES) {
          log.error(
            { err, job: name, alert: 'job_failing', failures: job.failures },
            `job ${name} failed twice in a row`,
          );
        }
      } finally {
        job.running = null;
      }
    })();
    job.running = run;
    return run;
  };

  return {
    register(name, intervalMs, run) {
      if (jobs.has(name)) throw new Error(`Job ${name} is already registered`);
      jobs.set(name, { intervalMs, run, running: null, next: null, timer: null, failures: 0 });
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      if (stopped) return;
      if (!job.running) return execute(name, job);
      job.next ??= (async () => {
        while (job.running) await job.running;
        job.next = null;
        if (!stopped) await execute(name, job);
      })();
      return job.next;
    },
    start() {
      stopped = false;
      for (const [name, job] of jobs) {
        if (job.timer) continue;
        job.timer = setInterval(() => {
          if (!stopped && !job.running) void execute(name, job);
        }, job.intervalMs);
        job.timer.unref();
      }
    },
    async stop() {
      stopped = true;
      for (const job of jobs.values()) {
        if (job.timer) clearInterval(job.timer);
        job.timer = null;
      }
      await Promise.all([...jobs.values()].flatMap((job) => [job.running, job.next]));
    },
    failures: () => new Map([...jobs].map(([name, job]) => [name, job.failures])),
  };
}
