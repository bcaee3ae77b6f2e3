import { ApiError } from '../../lib/api-error';

/**
 * The usernames a 400 says nobody has. The field code (`unknown_username`) names the field; the names themselves
 * come in the error's details, under whichever list key the server uses.
 */
export function unknownUsernames(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  for (const key of ['unknownUsernames', 'unknown', 'usernames', 'invite']) {
    const value = error.details[key];
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  }
  return [];
}
