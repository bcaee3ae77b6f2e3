import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const child = fileURLToPath(new URL('./autocannon-child.ts', import.meta.url));

/** One autocannon run in a child process (tsx-loaded), returning the figures the report prints. */
export function runLoad(opts: LoadOptions): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const proc = fork(child, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const options: autocannon.Options = {
      url: opts.url,
      headers: opts.headers ?? {},
      connections: opts.connections,
      duration: opts.durationSeconds,
      pipelining: 1,
    };
    proc.once('message', (msg: { result?: autocannon.Result; error?: string }) => {
      if (!msg.result) return reject(new Error(`autocannon failed on ${opts.url}: ${msg.error ?? 'no result'}`));
      const r = msg.result;
      resolve({
        requestsPerSecond: r.requests.average,
        p50Ms: r.latency.p50,
        p97_5Ms: r.latency.p97_5,
        p99Ms: r.latency.p99,
        maxMs: r.latency.max,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors,
      });
    });
    proc.once('error', reject);
    proc.once('exit', (code) => {
      if (code !== 0) reject(new Error(`autocannon child exited with ${code}`));
    });
    proc.send(options);
  });
}
