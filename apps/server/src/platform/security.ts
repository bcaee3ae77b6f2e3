import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

const origin = (url: string | null): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/** The SPA's policy: its own scripts only; Mantine injects <style> tags, hence 'unsafe-inline' for styles alone;
 *  the API, the bus and the MQTT broker over WebSocket; images from the app, data: and blob: (avatar previews).
 *  No upgrade-insecure-requests: the embedded product is served over plain http://localhost. */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const analytics = origin(config.analytics.matomoUrl);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...analytics],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...analytics],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'ws:', 'wss:', ...analytics],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** helmet's headers on every response. Built once and run as a hook: @fastify/helmet rebuilds helmet's middleware
 *  (parsing the whole policy) on every request, a measurable cost on the hot authenticated paths. */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The app is not isolated cross-origin (no SharedArrayBuffer use); COEP would only break embedded media.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: new URL(config.publicUrl).protocol === 'https:',
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
