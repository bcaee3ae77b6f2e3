import { ErrorBodySchema } from '@tutti/contract/errors';
import {
  endpoints,
  toRoutePattern,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
  type ResponseOf,
} from '@tutti/contract/http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext, Guard } from './auth-guard.ts';
import type { AuditRecord } from './audit/audit.ts';
import { AppError } from './errors.ts';
import { LimitExceeded, type Limits } from './limits.ts';
import { IMAGE_MAX_BYTES } from './storage/images.ts';

export const API_PREFIX = '/api/';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Part<N extends EndpointName, K extends 'body' | 'params' | 'query'> =
  Endpoints[N] extends Record<K, infer S> ? Out<S> : undefined;

export interface EndpointContext<N extends EndpointName> {
  body: Part<N, 'body'>;
  params: Part<N, 'params'>;
  query: Part<N, 'query'>;
  /** Null on public endpoints, and on beacon endpoints called without the Authorization header (the handler then
   *  authenticates the caller from the body). */
  auth: Endpoints[N]['access'] extends 'public'
    ? AuthContext | null
    : Endpoints[N] extends { beacon: true }
      ? AuthContext | null
      : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Returned by a handler that answered through `reply` itself (a status other than the endpoint's success). */
export const REPLIED = Symbol('replied');

export type EndpointHandler<N extends EndpointName> = (
  ctx: EndpointContext<N>,
) => Promise<ResponseOf<N> | typeof REPLIED>;

export interface EndpointOptions<N extends EndpointName = EndpointName> {
  /** Counted per address (the client behind a trusted proxy, see TRUST_PROXY) against RATE_LIMIT_AUTH_MAX per
   *  minute, before anything else runs: sign-in, sign-up, recovery, resend and every password check. */
  rateLimited?: boolean;
  /** The handler checks a password: names the account whose failed checks are counted (RATE_LIMIT_PASSWORD_MAX per
   *  15 minutes); once over, the answer is 429 before any hashing. Implies `rateLimited`. */
  passwordOf?: (ctx: EndpointContext<N>) => string;
  /** Counted per signed-in account (RATE_LIMIT_ACCOUNT_MAX a minute): writes that cost something elsewhere (saving
   *  a card, subscribing) cannot be flooded from many addresses. */
  accountLimited?: boolean;
  /** Counted per signed-in account like `accountLimited`, with this endpoint's own budget a minute (sending private
   *  messages: MESSAGES_PER_MINUTE). */
  accountLimit?: number;
  /** Extra error statuses this endpoint can answer, for the OpenAPI document (409, 503, ...). */
  errors?: number[];
}

export interface Endpoint {
  <N extends EndpointName>(name: N, handler: EndpointHandler<N>, options?: EndpointOptions<N>): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Set on beacon routes: their text/plain bodies are read as JSON. */
    beacon?: boolean;
  }
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Validation failed or malformed request',
  401: 'Not signed in, or the token is invalid or expired',
  402: 'Free open-rehearsal minutes used up; a subscription removes the limit',
  403: 'Session revoked or role missing',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Too many attempts',
  503: 'Unavailable',
};

function responseSchemas(
  def: EndpointDef,
  options: {
    rateLimited?: boolean;
    accountLimited?: boolean;
    accountLimit?: number;
    passwordOf?: unknown;
    errors?: number[];
  },
): Record<number, unknown> {
  const response: Record<number, unknown> = {};
  const status = def.status ?? 200;
  if (def.response === null) {
    response[204] = z.undefined().describe('No content');
  } else if (def.response === 'text') {
    response[status] = { description: 'Plain text', content: { 'text/plain': { schema: z.string() } } };
  } else if (def.response === 'image') {
    // Sent as a Buffer, which Fastify never serializes; the schema only documents the bytes.
    const binary = { schema: z.string().meta({ format: 'binary' }) };
    response[status] = { description: 'An image', content: { 'image/jpeg': binary, 'image/png': binary } };
  } else {
    response[status] = def.response;
  }
  const errors = new Set<number>(options.errors ?? []);
  if (def.body || def.params || def.query || def.upload) errors.add(400);
  if (def.body || def.upload) errors.add(413);
  if (def.access !== 'public') [401, 403].forEach((s) => errors.add(s));
  if (def.params) errors.add(404);
  if (options.rateLimited || options.accountLimited || options.accountLimit || options.passwordOf) errors.add(429);
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

/** navigator.sendBeacon posts its JSON string as text/plain. Only beacon routes read it (as JSON); anywhere else a
 *  text/plain body is refused, so this parser widens nothing but the beacons. */
function acceptBeaconBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const config = request.routeOptions.config as { beacon?: boolean } | undefined;
    if (!config?.beacon) {
      return done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted.'), undefined);
    }
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}

/** The OpenAPI view of an upload: a multipart body with its binary fields (and a JSON text field, for a banner).
 *  Requests are not validated against it: the handler reads the stream itself (readUploadedFile, readUploadedParts),
 *  checking each file by its content. */
const uploadBody = (upload: NonNullable<EndpointDef['upload']>) => {
  const image = () =>
    z.string().meta({ format: 'binary', description: `JPEG, PNG or WebP, at most ${IMAGE_MAX_BYTES} bytes` });
  return z.object({
    [upload.field]: image(),
    ...Object.fromEntries((upload.optional ?? []).map((f) => [f, image().optional()])),
    ...(upload.json && { [upload.json]: z.string().meta({ description: 'JSON' }) }),
  });
};

/** What a failed password check throws (sign-in, old password, test-rehearsal password). */
const isWrongPassword = (e: unknown): boolean =>
  e instanceof AppError && (e.code === 'INVALID_CREDENTIALS' || e.code === 'WRONG_PASSWORD');

/** 429 with `retry-after`: error handlers keep the headers set on the reply before the throw. */
async function limited<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof LimitExceeded) void reply.header('retry-after', String(e.retryAfterSeconds));
    throw e;
  }
}

/** What an audited write wrote: the id it acted on, and the name or code of what it answered (a region, a product). */
function auditDetails(params: unknown, result: unknown): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const fromParams = (params as { id?: unknown } | undefined)?.id;
  const answer = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const id = fromParams ?? answer['id'];
  if (typeof id === 'string') details['id'] = id;
  for (const key of ['code', 'name', 'version']) {
    const value = answer[key];
    // A product's name is { en, fr }: its English one is enough to find it again.
    if (typeof value === 'string') details[key] = value;
    else if (typeof value === 'object' && value !== null && typeof (value as { en?: unknown }).en === 'string') {
      details[key] = (value as { en: string }).en;
    }
  }
  return details;
}

/** Registers contract endpoints: method, URL, schemas, access check and status all come from the route table, so a
 *  module's routes file only maps names to service calls. */
export function createEndpointRegistrar(
  app: FastifyInstance,
  guard: Guard,
  limits: Limits,
  /** Writes an audit entry (platform/audit) for the routes whose definition names one (`audit`). */
  audit: (entry: AuditRecord) => Promise<void>,
  now: () => Date,
): Endpoint {
  acceptBeaconBodies(app);
  return (name, handler, options = {}) => {
    const def: EndpointDef = endpoints[name];
    const access = def.access;
    const { passwordOf } = options;
    // Before the body is read and validated: malformed floods count too.
    const addressLimit =
      options.rateLimited || passwordOf
        ? async (request: FastifyRequest, reply: FastifyReply, payload: RequestPayload) => {
            await limited(reply, () => limits.hitAddress(name, request.ip));
            return payload;
          }
        : undefined;
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
        ...(def.upload && { body: uploadBody(def.upload), consumes: ['multipart/form-data'] }),
        response: responseSchemas(def, options),
      },
      ...(def.upload && {
        validatorCompiler: (req: { schema: unknown; httpPart?: string }) =>
          req.httpPart === 'body'
            ? () => ({ value: undefined })
            : validatorCompiler(req as Parameters<typeof validatorCompiler>[0]),
      }),
      config: {
        ...(def.beacon && { beacon: true }),
      },
      ...(def.beacon && {
        // A quit is usually sent with no body at all; its schema describes the optional beacon form.
        preValidation: async (request: FastifyRequest) => {
          request.body ??= {};
        },
      }),
      ...(access !== 'public' && {
        onRequest: async (request: FastifyRequest) => {
          // A beacon without the header authenticates from its body (leaveToken); see docs/decisions/0009.
          if (def.beacon && request.headers.authorization === undefined) return;
          request.auth = await guard.authenticate(request, access);
        },
      }),
      ...(addressLimit && { preParsing: addressLimit }),
      handler: async (request, reply) => {
        const ctx = {
          body: request.body,
          params: request.params,
          query: request.query,
          auth: request.auth,
          request,
          reply,
        } as EndpointContext<typeof name>;
        if ((options.accountLimited || options.accountLimit) && request.auth) {
          const accountId = request.auth.accountId;
          await limited(reply, () => limits.hitAccount(name, accountId, options.accountLimit));
        }
        const result = passwordOf
          ? await limited(reply, () => limits.guardPassword(name, passwordOf(ctx), () => handler(ctx), isWrongPassword))
          : await handler(ctx);
        if (result === REPLIED) return reply;
        if (def.audit && request.auth) {
          await audit({
            actorId: request.auth.accountId,
            action: def.audit,
            targetId: null,
            details: auditDetails(request.params, result),
            at: now(),
          });
        }
        reply.code(status);
        if (def.response === null) return reply.send();
        if (def.response === 'text') return reply.type('text/plain; charset=utf-8').send(result);
        return result;
      },
    };
    app.route(route);
  };
}
