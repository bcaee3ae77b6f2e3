import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobs } from './jobs.ts';

const log = pino({ level: 'silent' });

/** A job whose runs wait until released, counting them. */
function gatedJob() {
  let runs = 0;
  let release: () => void = () => undefined;
  const run = () => {
    runs += 1;
    return new Promise<void>((resolve) => (release = resolve));
  };
  return { run, runs: () => runs, release: () => release() };
}

describe('jobs', () => {
  it('runs once more after the run in flight, however many callers asked meanwhile', async () => {
    const jobs = createJobs(log);
    const job = gatedJob();
    jobs.register('events', 60_000, job.run);
    const first = jobs.runNow('events');
    const askers = Array.from({ length: 1000 }, () => jobs.runNow('events'));
    expect(job.runs()).toBe(1);
    job.release();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(job.runs()).toBe(2);
    job.release();
    await Promise.all(askers);
    expect(job.runs()).toBe(2);
  });

  it('tells a run that loops over batches when the server closes, so it ends after its current batch', async () => {
    const jobs = createJobs(log);
    let batches = 0;
    jobs.register('backlog', 60_000, async (stopping) => {
      while (!stopping()) {
        batches += 1;
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    const run = jobs.runNow('backlog');
    await new Promise((r) => setTimeout(r, 30));
    await jobs.stop();
    await run;
    const atStop = batches;
    expect(atStop).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 30));
    expect(batches).toBe(atStop);
  });

  it('starts nothing once stopped, and stop waits for the run in flight', async () => {
    const jobs = createJobs(log);
    const job = gatedJob();
    jobs.register('events', 60_000, job.run);
    void jobs.runNow('events');
    const waiting = jobs.runNow('events');
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    job.release();
    await stopping;
    await waiting;
    await jobs.runNow('events');
    expect(job.runs()).toBe(1);
  });

  it('counts the runs failed in a row and raises the alert once, on the second, until a run succeeds', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const captured = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const jobs = createJobs(captured);
    let fail = true;
    jobs.register('billing', 60_000, () => (fail ? Promise.reject(new Error('lost')) : Promise.resolve()));
    const alerts = () => lines.filter((l) => l['alert'] === 'job_failing');
    await jobs.runNow('billing');
    expect([jobs.failures().get('billing'), alerts().length]).toEqual([1, 0]);
    await jobs.runNow('billing');
    await jobs.runNow('billing');
    expect([jobs.failures().get('billing'), alerts().length]).toEqual([3, 1]);
    expect(alerts()[0]).toMatchObject({ level: 50, job: 'billing', failures: 2 });
    fail = false;
    await jobs.runNow('billing');
    expect(jobs.failures().get('billing')).toBe(0);
  });
});
