import type { TFunction } from 'i18next';
import type { FieldErrorCode } from '@tutti/contract/errors';
import { ApiError } from './api-error';

/** Sentence for any failure: the contract's code when known, otherwise the spec's generic server message. */
export function errorText(t: TFunction<'common'>, error: unknown): string {
  if (error instanceof ApiError) {
    // A 503 names what is unavailable (the database, the room server) and that it is worth trying again shortly.
    if (error.status >= 500 && error.status !== 503) return t('errors.INTERNAL');
    // The limit a fair-use refusal names ({{limit}}) comes from the error's details.
    return t(`errors.${error.code}`, { limit: error.details['limit'] });
  }
  return t('errors.UNKNOWN');
}

export function fieldErrorText(t: TFunction<'common'>, code: FieldErrorCode): string {
  return t(`fieldErrors.${code}`);
}

/** Server field errors (FieldErrorCode per field), translated, restricted to the fields a form shows. */
export function translatedFieldErrors<F extends string>(
  t: TFunction<'common'>,
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return out;
  for (const field of fields) {
    const code = error.fields[field];
    if (code) out[field] = fieldErrorText(t, code);
  }
  return out;
}
