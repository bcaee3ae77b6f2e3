import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, toErrorResponse } from './errors.ts';

/** A validation error as fastify-type-provider-zod raises it, from a real zod failure. */
function validationError(schema: z.ZodType, input: unknown, context = 'body') {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  const validation = result.error.issues.map((issue) => ({
    [Symbol.for('ZodFastifySchemaValidationError')]: true,
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    schemaPath: '',
    message: issue.message,
    params: {},
  }));
  return Object.assign(new Error('validation'), { validation, validationContext: context, statusCode: 400 });
}

describe('toErrorResponse', () => {
  it('keeps an AppError as it is', () => {
    const error = new AppError(409, 'EMAIL_TAKEN', 'taken', { fields: { email: 'email_taken' } });
    expect(toErrorResponse(error)).toEqual({
      status: 409,
      body: { error: { code: 'EMAIL_TAKEN', message: 'taken', fields: { email: 'email_taken' } } },
    });
  });

  it('maps validation issues to field codes: the contract code, else required, too_long or invalid', () => {
    const schema = z.object({
      email: z.email({ message: 'invalid_email' }),
      name: z.string(),
      bio: z.string().max(3),
      age: z.number(),
      nested: z.object({ deep: z.string() }),
    });
    const { status, body } = toErrorResponse(
      validationError(schema, { email: 'x', bio: 'long', age: 'old', nested: { deep: 1 } }),
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual({
      email: 'invalid_email',
      name: 'required',
      bio: 'too_long',
      age: 'invalid',
      'nested.deep': 'invalid',
    });
  });

  it('names the whole part when the issue has no path', () => {
    const { body } = toErrorResponse(validationError(z.object({}), 'text', 'body'));
    expect(body.error.fields).toEqual({ body: 'invalid' });
  });

  it('maps Fastify body errors to BAD_REQUEST, PAYLOAD_TOO_LARGE and UNSUPPORTED_MEDIA_TYPE', () => {
    const fastifyError = (code: string, statusCode: number) => Object.assign(new Error(code), { code, statusCode });
    expect(toErrorResponse(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400)).body.error.code).toBe('BAD_REQUEST');
    expect(toErrorResponse(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413))).toMatchObject({
      status: 413,
      body: { error: { code: 'PAYLOAD_TOO_LARGE' } },
    });
    expect(toErrorResponse(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).status).toBe(415);
    expect(toErrorResponse(fastifyError('SOMETHING_ELSE', 429)).body.error.code).toBe('RATE_LIMITED');
    expect(toErrorResponse(fastifyError('SOMETHING_ELSE', 418)).body.error.code).toBe('BAD_REQUEST');
  });

  it('hides unexpected errors behind 500 INTERNAL', () => {
    expect(toErrorResponse(new Error('database exploded'))).toEqual({
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
    });
  });
});
