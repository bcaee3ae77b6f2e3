import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../config.ts';
import { experimentExposures } from '../modules/experiments/experiments.service.ts';
import { paymentIncidentsTotal } from '../modules/subscriptions/payments/incidents.ts';
import type { Jobs } from './jobs.ts';
import { passwordOperations } from './passwords.ts';

/** Process metrics are process-wide: collected once, whatever the number of apps built (tests build many). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    processRegistry.registerMetric(passwordOperations);
    processRegistry.registerMetric(experimentExposures);
    processRegistry.registerMetric(paymentIncidentsTotal);
  }
  return processRegistry;
}

/** /metrics in Prometheus text format: process metrics plus an HTTP duration histogram labelled by route pattern
 *  (never the raw URL, which would explode the label space). Closed unless configured: with METRICS_TOKEN, only the
 *  bearer of that token; with METRICS_OPEN=true, anyone (a scraper on a private network, development); otherwise
 *  404, as if there were no such page. */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig, jobs?: Pick<Jobs, 'failures'>): void {
  const { token, open } = config;
  const registry = new Registry();
  if (jobs) {
    // The alert's gauge (docs/reliability.md): alert on >= 2, a job that failed twice in a row.
    new Gauge({
      name: 'tutti_job_consecutive_failures',
      help: 'Runs of each interval job that failed in a row (0 once one succeeds)',
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [job, failures] of jobs.failures()) this.set({ job }, failures);
      },
    });
  }
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (token !== null && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.code(401).type('text/plain').send('Unauthorized');
    }
    if (token === null && !open) return reply.code(404).type('text/plain').send('Not found');
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.type(registry.contentType).send(text);
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
