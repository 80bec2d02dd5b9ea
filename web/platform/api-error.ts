/** How a call failed: a 400 list, another HTTP status, a body that is not JSON, no answer, or no answer in time. */
export type ApiErrorKind = 'validation' | 'http' | 'parse' | 'network' | 'timeout';

/** One entry of a 400 answer (DESIGN §4). */
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
  /** From the Retry-After header of a 429 answer. */
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.incidentId = init.incidentId ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
