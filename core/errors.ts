// docs/errors.md error catalogue: which notice a failure gets. The texts live in the locale files; this is the rule.

/** How a call failed (the web HTTP client's error kinds), or a script error outside any call. */
export type FailureKind = 'validation' | 'http' | 'parse' | 'network' | 'timeout' | 'context' | 'script';

export type Failure = {
  readonly kind: FailureKind;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  readonly incidentId?: string | null;
  /** The message the server put in the body, when it sent one. */
  readonly serverMessage?: string | null;
};

/** What the user is told about a failure (docs/errors.md "Connectivity" and "HTTP statuses"). */
export type ErrorNotice =
  | { readonly type: 'offline' }
  | { readonly type: 'network' }
  | { readonly type: 'sessionExpired' }
  | { readonly type: 'forbidden'; readonly serverMessage: string | null }
  | { readonly type: 'tooManyRequests' }
  | { readonly type: 'server'; readonly incidentId: string | null }
  | { readonly type: 'badGateway' }
  | { readonly type: 'unavailable' }
  | { readonly type: 'generic' };

export type ErrorNoticeType = ErrorNotice['type'];

/** docs/errors.md: the one rule from a failure (and whether the browser is online) to the notice the user sees. */
export function classifyFailure(failure: Failure, online: boolean): ErrorNotice {
  if (!online && (failure.kind === 'network' || failure.kind === 'timeout')) return { type: 'offline' };
  if (failure.kind === 'network' || failure.kind === 'timeout') return { type: 'network' };
  if (failure.kind !== 'http' || failure.status === null) return { type: 'generic' };
  switch (failure.status) {
    case 401:
      return { type: 'sessionExpired' };
    case 403:
      return { type: 'forbidden', serverMessage: failure.serverMessage?.trim() || null };
    case 429:
      return { type: 'tooManyRequests' };
    case 500:
      return { type: 'server', incidentId: failure.incidentId?.trim() || null };
    case 502:
      return { type: 'badGateway' };
    case 503:
      return { type: 'unavailable' };
    default:
      return { type: 'generic' };
  }
}

/** docs/errors.md: the generic notice is the only one that offers to inspect and report the error. */
export const isReportable = (notice: ErrorNotice) => notice.type === 'generic';

/** docs/errors.md "Unknown context". */
export const UNKNOWN_CLOUD_MESSAGE = 'Could not determine cloud ID';

/** Browser noise that is not an error of the page (e.g. a layout observer that skipped a frame). */
export function isIgnorableScriptError(message: string): boolean {
  return /^ResizeObserver loop (limit exceeded|completed with undelivered notifications)/.test(message);
}
