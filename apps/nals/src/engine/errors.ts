import type { NALS_ERROR_CODES } from '@tutti/contract/nals';

export type NalsErrorCode = (typeof NALS_ERROR_CODES)[number];

/** A failure the client reports to the web as an `error` signal with this code. */
export class NalsError extends Error {
  override name = 'NalsError';
  constructor(
    readonly code: NalsErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}
