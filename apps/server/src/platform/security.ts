import helmet from 'helmet';
import { endpoints, toRoutePattern } from '@tutti/contract/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { API_PREFIX } from './endpoints.ts';

/** Datadog's browser-logs intake (the default site): where the web sends logs when DATADOG_CLIENT_TOKEN is set. */
export const DATADOG_INTAKE = 'https://browser-intake-datadoghq.com';

const origin = (url: string | null): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

const uploadsOrigin = (config: AppConfig): string | null =>
  config.storage.driver === 's3' ? config.storage.publicUrl : null;

/** What Stripe.js needs (Stripe's CSP guide): its script, its card element's frames, its API. Only with Stripe: the
 *  sandbox's form is the app's own. */
export const STRIPE_CSP = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** The SPA's policy: its own scripts only; Mantine injects <style> tags, hence 'unsafe-inline' for styles alone;
 *  connections to the API, the configured bus and broker (WebSocket), and the analytics configured, nowhere else;
 *  images from the app, data: and blob: (avatar previews), and the bucket uploaded files are loaded from when it
 *  is served elsewhere (S3_PUBLIC_URL).
 *  No upgrade-insecure-requests: the embedded product is served over plain http://localhost. */
export function contentSecurityPolicy(config: AppConfig, brokerUrl: string): Record<string, string[]> {
  const analytics = origin(config.analytics.matomoUrl);
  const stripe = config.payments.provider.kind === 'stripe' ? STRIPE_CSP : { script: [], frame: [], connect: [] };
  const connect = new Set([
    ...stripe.connect,
    ...origin(config.busHost),
    ...origin(brokerUrl),
    ...analytics,
    ...(config.analytics.datadog ? [DATADOG_INTAKE] : []),
  ]);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...analytics, ...stripe.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...analytics, ...origin(uploadsOrigin(config))],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connect],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...stripe.frame],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** helmet's headers on every response, and `Cache-Control: no-store` on private answers (see `isPrivateAnswer`).
 *  helmet's middleware is built once per broker address (known once the embedded broker listens) and run as a hook:
 *  @fastify/helmet rebuilds it (parsing the whole policy) on every request, a measurable cost on hot paths. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: AppConfig,
  live: { brokerUrl: () => string },
): void {
  let built: { brokerUrl: string; setHeaders: ReturnType<typeof helmet> } | null = null;
  const headersFor = (brokerUrl: string) => {
    if (built?.brokerUrl !== brokerUrl) {
      const setHeaders = helmet({
        contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, brokerUrl) },
        // The app is not isolated cross-origin (no SharedArrayBuffer use); COEP would only break embedded media.
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: new URL(config.publicUrl).protocol === 'https:',
      });
      built = { brokerUrl, setHeaders };
    }
    return built.setHeaders;
  };
  app.addHook('onRequest', (request, reply, done) => {
    headersFor(live.brokerUrl())(request.raw, reply.raw, (err?: unknown) =>
      done(err instanceof Error ? err : undefined),
    );
  });
  // onSend: the last word, over a cache header a handler may have set.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateAnswer(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** Routes of the contract that need a signed-in caller, as Fastify names them (`GET /api/v1/me`). */
const PRIVATE_ROUTES = new Set(
  Object.values(endpoints)
    .filter((def) => def.access !== 'public')
    .map((def) => `${def.method} ${API_PREFIX}${toRoutePattern(def.path)}`),
);

/** Never stored by a browser or a proxy: any answer to a request that carried credentials, any answer of an
 *  authenticated endpoint (a 401 included), and any API answer to a request that changes something (sign-in hands
 *  out tokens). Public reads (config, countries, static files) stay cacheable. */
export function isPrivateAnswer(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (PRIVATE_ROUTES.has(`${method} ${route}`)) return true;
  return route.startsWith(API_PREFIX) && request.method !== 'GET' && request.method !== 'HEAD';
}
