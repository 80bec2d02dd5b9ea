// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { APP_VERSION } from './app-version.ts';
import { apiDelete, apiGet, apiPost, apiPut, REQUEST_TIMEOUT_MS, setCurrentCloudId } from './http.ts';

type Call = { url: string; init: RequestInit };

let calls: Call[] = [];
const realFetch = globalThis.fetch;

function fakeFetch(respond: (call: Call) => Response | Promise<Response>): void {
  globalThis.fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(url), init };
    calls.push(call);
    return respond(call);
  }) as typeof fetch;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function header(call: Call | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function setCookie(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that sets the readable csrf_token cookie.
  document.cookie = cookie;
}

const EXPIRED_CSRF_COOKIE = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';

beforeEach(() => {
  calls = [];
  setCookie('csrf_token=tok%2Ben; path=/');
  setCurrentCloudId(null);
});

afterEach(() => {
  globalThis.fetch = realFetch;
  setCookie(EXPIRED_CSRF_COOKIE);
});

describe('request headers', () => {
  it('sends the CSRF token, app version and current cloud with every call', async () => {
    fakeFetch(() => json(200, { ok: true }));
    setCurrentCloudId(17);
    await apiGet('/apiv2/auth/me');
    await apiPost('/apiv2/things', { a: 1 });
    await apiPut('/apiv2/things/1', { a: 2 });
    await apiDelete('/apiv2/things/1');
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    for (const call of calls) {
      expect(header(call, 'X-CSRF-Token')).toBe('tok+en');
      expect(header(call, 'X-App-Version')).toBe(APP_VERSION);
      expect(header(call, 'X-Cloud-Id')).toBe('17');
      expect(call.init.credentials).toBe('same-origin');
      expect(call.init.signal).toBeInstanceOf(AbortSignal);
    }
  });

  it('sends a JSON body with its content type, and no content type without a body', async () => {
    fakeFetch(() => new Response(null, { status: 204 }));
    await expect(apiPost('/apiv2/auth/login', { email: 'a@b.c', password: 'pw' })).resolves.toBeUndefined();
    await apiPost('/apiv2/auth/logout');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.c","password":"pw"}');
    expect(header(calls[1], 'Content-Type')).toBeNull();
    expect(calls[1]?.init.body).toBeUndefined();
  });

  it('leaves out the cloud and CSRF headers when they are not known', async () => {
    setCookie(EXPIRED_CSRF_COOKIE);
    fakeFetch(() => json(200, {}));
    await apiGet('/apiv2/auth/me');
    expect(header(calls[0], 'X-Cloud-Id')).toBeNull();
    expect(header(calls[0], 'X-CSRF-Token')).toBeNull();
  });
});

describe('GET query string', () => {
  it('builds the query from the data object and adds the app version', async () => {
    fakeFetch(() => json(200, { sites: [] }));
    await apiGet('/apiv2/cloud/3/sites-select', {
      limit: 100,
      filter: 'north & south',
      allFields: false,
      includeIds: [4, 5],
      skipped: undefined,
    });
    const url = new URL(calls[0]?.url ?? '', 'https://console.example');
    expect(url.pathname).toBe('/apiv2/cloud/3/sites-select');
    expect(url.searchParams.get('limit')).toBe('100');
    expect(url.searchParams.get('filter')).toBe('north & south');
    expect(url.searchParams.get('allFields')).toBe('false');
    expect(url.searchParams.getAll('includeIds')).toEqual(['4', '5']);
    expect(url.searchParams.has('skipped')).toBe(false);
    expect(url.searchParams.get('v')).toBe(APP_VERSION);
  });

  it('refuses a path that carries its own query string', async () => {
    fakeFetch(() => json(200, {}));
    await expect(apiGet('/apiv2/cloud/3/recent-alerts?limit=5')).rejects.toThrow(
      'must not carry a query string',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('errors', () => {
  it('turns a 400 list into a validation error', async () => {
    const issue = {
      errorCode: 'format',
      location: 'body',
      path: '/email',
      message: 'must match format "email"',
    };
    fakeFetch(() => json(400, { errors: [issue] }));
    const error = await failure(apiPost('/apiv2/auth/login', {}));
    expect(error.kind).toBe('validation');
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([issue]);
    expect(error.message).toBe('must match format "email"');
  });

  it('takes the message of other statuses from the body message or error field', async () => {
    fakeFetch(() => json(401, { message: 'Wrong email or password.' }));
    const unauthorized = await failure(apiPost('/apiv2/auth/login', {}));
    expect([unauthorized.kind, unauthorized.status, unauthorized.message]).toEqual([
      'http',
      401,
      'Wrong email or password.',
    ]);

    fakeFetch(() => json(403, { error: 'Forbidden here' }));
    expect((await failure(apiGet('/apiv2/x'))).message).toBe('Forbidden here');
  });

  it('falls back to the status text, and keeps the incident id and Retry-After', async () => {
    fakeFetch(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    expect((await failure(apiGet('/apiv2/x'))).message).toBe('Bad Gateway');

    fakeFetch(() => json(500, { message: 'Sorry', incidentId: 'inc-42' }));
    expect((await failure(apiGet('/apiv2/x'))).incidentId).toBe('inc-42');

    fakeFetch(() => json(429, { message: 'Too many' }, { 'Retry-After': '30' }));
    const throttled = await failure(apiPost('/apiv2/auth/login', {}));
    expect([throttled.status, throttled.retryAfterSeconds]).toEqual([429, 30]);
  });

  it('reports a success body that is not JSON as a parse error', async () => {
    fakeFetch(() => new Response('<html>proxy page</html>', { status: 200 }));
    const error = await failure(apiGet('/apiv2/x'));
    expect([error.kind, error.status]).toEqual(['parse', 200]);
  });

  it('reports a failed fetch as a network error', async () => {
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiGet('/apiv2/x'));
    expect([error.kind, error.status]).toEqual(['network', null]);
  });

  it('reports an aborted fetch after the 35 s limit as a timeout', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(35_000);
    fakeFetch(() => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')));
    const error = await failure(apiGet('/apiv2/x'));
    expect([error.kind, error.status]).toEqual(['timeout', null]);
  });
});
