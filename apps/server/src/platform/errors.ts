import type { ErrorBody, ErrorCode, FieldErrorCode } from '@tutti/contract/errors';
import { FieldErrorCodeSchema } from '@tutti/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loggableError } from './logging.ts';
import { OUTAGE_RETRY_AFTER_SECONDS, type OutageWatch } from './outage.ts';

type Fields = Record<string, FieldErrorCode>;

/** An expected failure: the handler throws it, the error handler turns it into the contract's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { fields?: Fields; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'NOT_FOUND', what);

export function errorBody(
  code: ErrorCode,
  message: string,
  extra: { fields?: Fields; details?: Record<string, unknown> } = {},
): ErrorBody {
  return { error: { code, message, ...extra } };
}

const FIELD_CODES = new Set<string>(FieldErrorCodeSchema.options);

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The contract's zod rules carry a FieldErrorCode as message; anything else (wrong type, unknown shape) is mapped
 *  to a generic code so the web always gets a translatable value. */
function toFieldCode(issue: ValidationIssue): FieldErrorCode {
  if (issue.message && FIELD_CODES.has(issue.message)) return issue.message as FieldErrorCode;
  // zod reports a missing field as a type error on undefined; input values are not kept in issues.
  if (issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '')) return 'required';
  if (issue.keyword === 'too_big') return 'too_long';
  return 'invalid';
}

function validationFields(issues: ValidationIssue[], context: string | undefined): Fields {
  const fields: Fields = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = path || (context ?? 'body');
    // The first issue of a field is the most basic one (type before format): keep it.
    fields[key] ??= toFieldCode(issue);
  }
  return fields;
}

const FASTIFY_CODES: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', 'The body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', 'The JSON body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The body is too large.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'The content length does not match the body.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted.'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'BAD_REQUEST', 'The content type is invalid.'],
  FST_ERR_BAD_URL: [400, 'BAD_REQUEST', 'The URL is malformed.'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'BAD_REQUEST', 'The request is malformed.'],
};

export function toErrorResponse(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.extra) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = validationFields(error.validation as ValidationIssue[], error.validationContext);
    return { status: 400, body: errorBody('VALIDATION_FAILED', 'Some fields are invalid.', { fields }) };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { status: known[0], body: errorBody(known[1], known[2]) };
  if (error instanceof SyntaxError)
    return { status: 400, body: errorBody('BAD_REQUEST', 'The body is not valid JSON.') };
  const status = fastifyError.statusCode;
  if (status === 429) return { status, body: errorBody('RATE_LIMITED', 'Too many attempts, try again in a minute.') };
  if (status === 404) return { status, body: errorBody('NOT_FOUND', 'Not found') };
  if (status === 413) return { status, body: errorBody('PAYLOAD_TOO_LARGE', 'The body is too large.') };
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, body: errorBody('BAD_REQUEST', 'The request is malformed.') };
  }
  return { status: 500, body: errorBody('INTERNAL', 'Something went wrong on our side.') };
}

type ErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/** The app's error handler. With an outage watch, a lost database answers 503 with a retry-after (logged once per
 *  outage by the watch) instead of a 500 logged for every request. Failed SQL is logged without its parameters. */
export function createErrorHandler(outage?: Pick<OutageWatch, 'report'>): ErrorHandler {
  return (error, request, reply) => {
    if (outage?.report(error)) {
      const body = errorBody('SERVICE_UNAVAILABLE', 'The service is unavailable for a moment, try again shortly.');
      void reply
        .code(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send(body);
      return;
    }
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    else if (status !== 401 && status !== 404) request.log.info({ code: body.error.code, status }, 'request refused');
    void reply.code(status).type('application/json; charset=utf-8').send(body);
  };
}

export const handleError: ErrorHandler = createErrorHandler();
