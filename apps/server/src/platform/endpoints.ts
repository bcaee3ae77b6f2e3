import { ErrorBodySchema } from '@tutti/contract/errors';
import {
  endpoints,
  toRoutePattern,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
  type ResponseOf,
} from '@tutti/contract/http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { AuthContext, Guard } from './auth-guard.ts';

export const API_PREFIX = '/api/';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Part<N extends EndpointName, K extends 'body' | 'params' | 'query'> =
  Endpoints[N] extends Record<K, infer S> ? Out<S> : undefined;

export interface EndpointContext<N extends EndpointName> {
  body: Part<N, 'body'>;
  params: Part<N, 'params'>;
  query: Part<N, 'query'>;
  /** Null only on public endpoints. */
  auth: Endpoints[N]['access'] extends 'public' ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Returned by a handler that answered through `reply` itself (a status other than the endpoint's success). */
export const REPLIED = Symbol('replied');

export type EndpointHandler<N extends EndpointName> = (
  ctx: EndpointContext<N>,
) => Promise<ResponseOf<N> | typeof REPLIED>;

export interface EndpointOptions {
  /** Counted per IP against RATE_LIMIT_AUTH_MAX per minute (sign-in, sign-up, recovery, resend). */
  rateLimited?: boolean;
  /** Extra error statuses this endpoint can answer, for the OpenAPI document (409, 503, ...). */
  errors?: number[];
}

export interface Endpoint {
  <N extends EndpointName>(name: N, handler: EndpointHandler<N>, options?: EndpointOptions): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Validation failed or malformed request',
  401: 'Not signed in, or the token is invalid or expired',
  403: 'Session revoked or role missing',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Too many attempts',
  503: 'Unavailable',
};

function responseSchemas(def: EndpointDef, options: EndpointOptions): Record<number, unknown> {
  const response: Record<number, unknown> = {};
  const status = def.status ?? 200;
  if (def.response === null) {
    response[204] = z.undefined().describe('No content');
  } else if (def.response === 'text') {
    response[status] = { description: 'Plain text', content: { 'text/plain': { schema: z.string() } } };
  } else {
    response[status] = def.response;
  }
  const errors = new Set<number>(options.errors ?? []);
  if (def.body || def.params || def.query) errors.add(400);
  if (def.body) errors.add(413);
  if (def.access !== 'public') [401, 403].forEach((s) => errors.add(s));
  if (def.params) errors.add(404);
  if (options.rateLimited) errors.add(429);
  for (const code of [...errors].sort()) {
    const description = ERROR_DESCRIPTIONS[code] ?? 'Error';
    // A text endpoint's own failures (health's 503) are text too; request errors stay JSON.
    response[code] =
      def.response === 'text' && code >= 500
        ? { description, content: { 'text/plain': { schema: z.string() } } }
        : { description, content: { 'application/json': { schema: ErrorBodySchema } } };
  }
  return response;
}

/** Registers contract endpoints: method, URL, schemas, access check and status all come from the route table, so a
 *  module's routes file only maps names to service calls. */
export function createEndpointRegistrar(app: FastifyInstance, guard: Guard, rateLimitMax: number): Endpoint {
  return (name, handler, options = {}) => {
    const def: EndpointDef = endpoints[name];
    const access = def.access;
    const status = def.response === null ? 204 : (def.status ?? 200);
    const route: RouteOptions = {
      method: def.method,
      url: API_PREFIX + toRoutePattern(def.path),
      schema: {
        operationId: name,
        summary: def.summary,
        tags: [def.tag],
        ...(access !== 'public' && { security: [{ bearerAuth: [] }] }),
        ...(def.params && { params: def.params }),
        ...(def.query && { querystring: def.query }),
        ...(def.body && { body: def.body }),
        response: responseSchemas(def, options),
      },
      ...(options.rateLimited && { config: { rateLimit: { max: rateLimitMax, timeWindow: 60_000 } } }),
      ...(access !== 'public' && {
        onRequest: async (request: FastifyRequest) => {
          request.auth = await guard.authenticate(request, access);
        },
      }),
      handler: async (request, reply) => {
        const ctx = {
          body: request.body,
          params: request.params,
          query: request.query,
          auth: request.auth,
          request,
          reply,
        } as EndpointContext<typeof name>;
        const result = await handler(ctx);
        if (result === REPLIED) return reply;
        reply.code(status);
        if (def.response === null) return reply.send();
        if (def.response === 'text') return reply.type('text/plain; charset=utf-8').send(result);
        return result;
      },
    };
    app.route(route);
  };
}
