import type { ErrorCode, FieldErrorCode } from '@tutti/contract/errors';

export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN';

/** Every failed call rejects with this: the HTTP status and the contract's error body, parsed. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Partial<Record<string, FieldErrorCode>>;
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: Partial<Record<string, FieldErrorCode>> = {},
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }

  /** Worth retrying later: the server or the network failed, not the request. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Builds an ApiError from a failed response, whatever its body looks like. */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  const fallbackCode: ApiErrorCode = res.status >= 500 ? 'INTERNAL' : 'UNKNOWN';
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Proxies answer HTML or nothing; the status alone is then all we know.
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (!error) return new ApiError(res.status, fallbackCode, res.statusText || `HTTP ${res.status}`);
  return new ApiError(
    res.status,
    typeof error.code === 'string' ? (error.code as ErrorCode) : fallbackCode,
    typeof error.message === 'string' ? error.message : `HTTP ${res.status}`,
    isRecord(error.fields) ? (error.fields as Partial<Record<string, FieldErrorCode>>) : {},
    isRecord(error.details) ? error.details : {},
  );
}

export function networkError(cause: unknown): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error');
}
