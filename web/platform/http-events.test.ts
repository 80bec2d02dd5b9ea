// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, restoreFetch } from '../test-utils/fake-fetch.ts';
import { ApiError } from './api-error.ts';
import { apiGet, requireCurrentCloudId, setCurrentCloudId } from './http.ts';
import { onRequestActivity, onServerVersion } from './http-events.ts';

afterEach(() => {
  restoreFetch();
  setCurrentCloudId(null);
});

describe('HTTP client reports without acting', () => {
  it('tells listeners when each request starts and ends, failed or not', async () => {
    const events: string[] = [];
    const stop = onRequestActivity((event) => events.push(event));
    installFakeFetch(({ path }) => (path === '/apiv2/ok' ? jsonResponse(200, {}) : jsonResponse(500, {})));
    await apiGet('/apiv2/ok');
    await apiGet('/apiv2/broken').catch(() => undefined);
    stop();
    await apiGet('/apiv2/ok');
    expect(events).toEqual(['start', 'end', 'start', 'end']);
  });

  it('tells a late listener of the requests already in flight, and then of their ends', async () => {
    let answer = (_: Response) => {};
    installFakeFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const call = apiGet('/apiv2/slow');
    const events: string[] = [];
    const stop = onRequestActivity((event) => events.push(event));
    expect(events).toEqual(['start']);
    answer(jsonResponse(200, {}));
    await call;
    stop();
    expect(events).toEqual(['start', 'end']);
  });

  it("passes on the server's X-App-Version of every answer, and the last one to a late listener", async () => {
    installFakeFetch(() => jsonResponse(200, {}, { 'X-App-Version': '7.1.0' }));
    const seen: string[] = [];
    const stop = onServerVersion((version) => seen.push(version));
    await apiGet('/apiv2/ok');
    stop();
    const late: string[] = [];
    onServerVersion((version) => late.push(version))();
    expect(seen.at(-1)).toBe('7.1.0');
    expect(late).toEqual(['7.1.0']);
  });

  it("keeps the server's own message apart from the status text", async () => {
    installFakeFetch(() => jsonResponse(403, { message: 'Owners only.' }));
    const withMessage = (await apiGet('/apiv2/x').catch((error: unknown) => error)) as ApiError;
    expect(withMessage.serverMessage).toBe('Owners only.');
    installFakeFetch(() => new Response('<html>denied</html>', { status: 403, statusText: 'Forbidden' }));
    const proxyPage = (await apiGet('/apiv2/x').catch((error: unknown) => error)) as ApiError;
    expect(proxyPage.serverMessage).toBeNull();
  });

  it("raises 'Could not determine cloud ID' when a cloud call has no cloud", () => {
    expect(() => requireCurrentCloudId()).toThrow('Could not determine cloud ID');
    try {
      requireCurrentCloudId();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('context');
    }
    setCurrentCloudId(12);
    expect(requireCurrentCloudId()).toBe(12);
  });
});
