// @vitest-environment happy-dom
// docs/constants.md notifications token refresh: every 4 minutes while push alerts are on, this browser's
// subscription is saved again, and made again when the browser dropped it.
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TOKEN_REFRESH_MS } from '../../../../core/constants.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { renderWithPlatform, resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { installBrowserPush, uninstallBrowserPush } from '../test-browser-push.ts';
import { PushTokenRefresh } from './push-token-refresh.tsx';

const VAPID_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 7))).toString(
  'base64url',
);

let requests: FakeRequest[];
beforeEach(() => {
  vi.useFakeTimers();
  requests = installFakeFetch((request) =>
    request.path === '/apiv2/push/vapid-public-key'
      ? jsonResponse(200, { public_key: VAPID_KEY })
      : jsonResponse(200, { ok: true }),
  );
});
afterEach(() => {
  resetPlatform();
  vi.useRealTimers();
  restoreFetch();
  uninstallBrowserPush();
});

function renderRefresh(pushAlerts: boolean) {
  const queryClient = createQueryClient();
  // The shell keeps `me` observed, so it stays cached however long the page is open.
  queryClient.setQueryDefaults(meQueryOptions().queryKey, { gcTime: Number.POSITIVE_INFINITY });
  const me = meFixture();
  queryClient.setQueryData(meQueryOptions().queryKey, {
    ...me,
    memberships: me.memberships.map((m) => ({ ...m, push_alerts: pushAlerts && m.cloud_id === 4 })),
  });
  renderWithPlatform(<PushTokenRefresh />, queryClient);
  return queryClient;
}

const saved = () =>
  requests
    .filter((r) => r.method === 'PUT' && r.path === '/apiv2/user/push-subscriptions')
    .map((r) => (r.body as { endpoint: string }).endpoint);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('push token refresh', () => {
  it('saves the current subscription every 4 minutes while push alerts are on', async () => {
    const push = installBrowserPush({ subscribed: true });
    const endpoint = push.browser.subscription?.endpoint;
    renderRefresh(true);
    await advance(PUSH_TOKEN_REFRESH_MS - 1);
    expect(saved()).toEqual([]);
    await advance(1);
    expect(saved()).toEqual([endpoint]);
    await advance(PUSH_TOKEN_REFRESH_MS);
    expect(saved()).toEqual([endpoint, endpoint]);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('subscribes again with the server key when the browser dropped the subscription', async () => {
    const push = installBrowserPush({ subscribed: true });
    push.browser.subscription = null;
    renderRefresh(true);
    await advance(PUSH_TOKEN_REFRESH_MS);
    expect(push.pushManager.subscribe).toHaveBeenCalledExactlyOnceWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(Buffer.from(VAPID_KEY, 'base64url')),
    });
    const renewed = (await push.pushManager.subscribe.mock.results[0]?.value) as { endpoint: string };
    expect(saved()).toEqual([renewed.endpoint]);
  });

  it('does nothing while push alerts are off everywhere', async () => {
    installBrowserPush({ subscribed: true });
    renderRefresh(false);
    await advance(3 * PUSH_TOKEN_REFRESH_MS);
    expect(requests).toEqual([]);
  });

  it('does nothing in a browser that never turned push on', async () => {
    const push = installBrowserPush();
    renderRefresh(true);
    await advance(2 * PUSH_TOKEN_REFRESH_MS);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });
});
