import { UNKNOWN_CLOUD_MESSAGE } from '../../core/errors.ts';

/**
 * How a call failed (docs/errors.md "Request errors"): a 400 list, another HTTP status, a body that is not JSON,
 * no answer, no answer in time, or no cloud to ask about.
 */
export type ApiErrorKind = 'validation' | 'http' | 'parse' | 'network' | 'timeout' | 'context';

/** One entry of a 400 answer (docs/api.md#http-conventions). */
export interface ValidationIssue {
  readonly errorCode: string;
  readonly location: string;
  readonly path: string;
  readonly message: string;
}

interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly message: string;
  readonly errors?: readonly ValidationIssue[];
  readonly incidentId?: string | null;
  readonly serverMessage?: string | null;
  readonly retryAfterSeconds?: number | null;
  readonly cause?: unknown;
}

/** Every failure of the HTTP client is one of these; the app's error policy decides what the user sees. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  readonly errors: readonly ValidationIssue[];
  readonly incidentId: string | null;
  /** The message or error field of the body, when the server sent one (docs/errors.md 403 shows it). */
  readonly serverMessage: string | null;
  /** From the Retry-After header of a 429 answer. */
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.incidentId = init.incidentId ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** docs/errors.md "Unknown context": a cloud call made where no cloud is known. */
export function unknownCloudError(): ApiError {
  return new ApiError({ kind: 'context', status: null, message: UNKNOWN_CLOUD_MESSAGE });
}
