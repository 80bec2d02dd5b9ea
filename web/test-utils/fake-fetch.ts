// Replaces globalThis.fetch in web tests with a scripted server.
import { vi } from 'vitest';

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Headers;
  readonly body: unknown;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

const realFetch = globalThis.fetch;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Installs the handler and returns the list of requests it receives. */
export function installFakeFetch(handler: FakeHandler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    return handler(request);
  }) as typeof fetch;
  return requests;
}

export function restoreFetch(): void {
  globalThis.fetch = realFetch;
}
