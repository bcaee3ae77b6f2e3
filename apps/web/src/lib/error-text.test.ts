import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorText } from './error-text';

const t = ((key: string) => key) as unknown as TFunction<'common'>;

describe('errorText', () => {
  it('says what is unavailable on a 503, and the generic server message on other 5xx', () => {
    expect(errorText(t, new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe('errors.SERVICE_UNAVAILABLE');
    expect(errorText(t, new ApiError(503, 'ROOM_SERVER_UNAVAILABLE', 'x'))).toBe('errors.ROOM_SERVER_UNAVAILABLE');
    expect(errorText(t, new ApiError(500, 'INTERNAL', 'x'))).toBe('errors.INTERNAL');
    expect(errorText(t, new ApiError(502, 'SESSION_FULL', 'x'))).toBe('errors.INTERNAL');
  });

  it('translates a request error by its code, anything else as unknown', () => {
    expect(errorText(t, new ApiError(409, 'EMAIL_TAKEN', 'x'))).toBe('errors.EMAIL_TAKEN');
    expect(errorText(t, new Error('boom'))).toBe('errors.UNKNOWN');
  });
});
