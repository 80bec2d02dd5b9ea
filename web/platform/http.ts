// The one HTTP client of the web app (docs/api.md#http-conventions "HTTP conventions"). It has no UI side effects: failures become ApiError.
import { REQUEST_TIMEOUT_MS } from '../../core/constants.ts';
import { ApiError, unknownCloudError, type ValidationIssue } from './api-error.ts';
import { APP_VERSION } from './app-version.ts';
import { emitRequestActivity, emitServerVersion } from './http-events.ts';

export { REQUEST_TIMEOUT_MS };

const CSRF_COOKIE = 'csrf_token';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryData = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

let currentCloudId: number | null = null;

/** The cloud sent as X-Cloud-Id; the shell sets it from the current page. */
export function setCurrentCloudId(cloudId: number | null): void {
  currentCloudId = cloudId;
}

export function getCurrentCloudId(): number | null {
  return currentCloudId;
}

/** The current cloud for a call that needs one; docs/errors.md 'Could not determine cloud ID' when none is known. */
export function requireCurrentCloudId(): number {
  if (currentCloudId === null) throw unknownCloudError();
  return currentCloudId;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function requestHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-App-Version': APP_VERSION });
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers.set('X-CSRF-Token', csrf);
  if (currentCloudId !== null) headers.set('X-Cloud-Id', String(currentCloudId));
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function assertPath(path: string): void {
  if (!path.startsWith('/') || path.startsWith('//'))
    throw new Error(`API path must start with one slash: ${path}`);
  // docs/validation.md: parameters never go in the URL by hand; they are passed as data.
  if (path.includes('?') || path.includes('#'))
    throw new Error(`API path must not carry a query string: ${path}`);
}

/** The query string of a GET: the data object plus v=<app version> (docs/api.md#the-calls). */
export function buildQuery(data: QueryData = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(data)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  search.set('v', APP_VERSION);
  return search.toString();
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function issuesOf(value: unknown): ValidationIssue[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry) => {
    const issue = asRecord(entry);
    return {
      errorCode: String(issue.errorCode ?? ''),
      location: String(issue.location ?? ''),
      path: String(issue.path ?? ''),
      message: String(issue.message ?? ''),
    };
  });
}

function errorFromResponse(response: Response, text: string): ApiError {
  let body: Record<string, unknown> = {};
  let plainText: string | null = null;
  try {
    body = asRecord(JSON.parse(text));
  } catch {
    plainText = text.trim() || null;
  }
  const errors = issuesOf(body.errors);
  const fromBody = [body.message, body.error].find((value) => typeof value === 'string' && value !== '');
  // A proxy's HTML page is no message to show anyone.
  const serverMessage = (fromBody as string | undefined) ?? (plainText?.startsWith('<') ? null : plainText);
  const message =
    serverMessage ?? plainText ?? errors[0]?.message ?? (response.statusText || `HTTP ${response.status}`);
  return new ApiError({
    kind: response.status === 400 && errors.length > 0 ? 'validation' : 'http',
    status: response.status,
    message,
    errors,
    incidentId: typeof body.incidentId === 'string' ? body.incidentId : null,
    serverMessage,
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

async function send<T>(method: string, url: string, body: unknown): Promise<T> {
  emitRequestActivity('start');
  try {
    return await exchange<T>(method, url, body);
  } finally {
    emitRequestActivity('end');
  }
}

async function exchange<T>(method: string, url: string, body: unknown): Promise<T> {
  const hasBody = body !== undefined;
  // Form data (an upload) carries its own content type and boundary.
  const form = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: requestHeaders(hasBody && !form),
      body: form ? body : hasBody ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      status: null,
      message: timedOut ? `${method} ${url} timed out` : `${method} ${url} failed: no response`,
      cause,
    });
  }
  const serverVersion = response.headers.get('X-App-Version');
  if (serverVersion) emitServerVersion(serverVersion);
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new ApiError({
      kind: 'network',
      status: response.status,
      message: `${method} ${url} broke off`,
      cause,
    });
  }
  if (!response.ok) throw errorFromResponse(response, text);
  if (response.status === 204 || text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError({
      kind: 'parse',
      status: response.status,
      message: 'The response is not valid JSON.',
      cause,
    });
  }
}

export async function apiGet<T>(path: string, data?: QueryData): Promise<T> {
  assertPath(path);
  return send<T>('GET', `${path}?${buildQuery(data)}`, undefined);
}

export async function apiPost<T>(path: string, body?: unknown): Promise<T> {
  assertPath(path);
  return send<T>('POST', path, body);
}

export async function apiPut<T>(path: string, body?: unknown): Promise<T> {
  assertPath(path);
  return send<T>('PUT', path, body);
}

/** Sends a file as multipart/form-data (docs/api.md#the-calls PUT with form data). */
export async function apiPutForm<T>(path: string, form: FormData): Promise<T> {
  assertPath(path);
  return send<T>('PUT', path, form);
}

export async function apiPatch<T>(path: string, body?: unknown): Promise<T> {
  assertPath(path);
  return send<T>('PATCH', path, body);
}

export async function apiDelete<T>(path: string, body?: unknown): Promise<T> {
  assertPath(path);
  return send<T>('DELETE', path, body);
}
