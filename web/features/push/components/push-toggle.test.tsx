// @vitest-environment happy-dom
// The push notifications toggle (docs/states.md three states, docs/errors.md failure text) with a stand-in for the browser.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { renderWithPlatform, resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { type Me, meQueryOptions } from '../../auth/index.ts';
import { installBrowserPush, uninstallBrowserPush } from '../test-browser-push.ts';
import { PushToggle } from './push-toggle.tsx';

const FAILURE =
  'Failed to start push notifications. Your browser might not support this feature or it is blocked in browser settings.';
// Bytes 0x04, 0x01 ... 0x40 as base64url: what the server hands out and the browser must subscribe with.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index));
const VAPID_KEY = Buffer.from(KEY_BYTES).toString('base64url');

beforeEach(() => {
  // Error messages log their cause to the console.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetPlatform();
  restoreFetch();
  uninstallBrowserPush();
});

function installServer() {
  return installFakeFetch((request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/apiv2/push/vapid-public-key')
      return jsonResponse(200, { public_key: VAPID_KEY });
    if (path === '/apiv2/user/push-subscriptions' && (method === 'PUT' || method === 'DELETE'))
      return jsonResponse(200, { ok: true });
    if (method === 'POST' && path === '/apiv2/cloud/3') {
      const body = request.body as { user: { push_alerts: boolean } };
      return jsonResponse(200, { user: { push_alerts: body.user.push_alerts } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

/** The toggle for cloud 3, with push alerts on in the given clouds. */
function renderToggle(pushAlertsIn: number[] = []) {
  const queryClient = createQueryClient();
  const me = meFixture();
  queryClient.setQueryData(meQueryOptions().queryKey, {
    ...me,
    memberships: me.memberships.map((m) => ({ ...m, push_alerts: pushAlertsIn.includes(m.cloud_id) })),
  });
  renderWithPlatform(<PushToggle cloudId={3} />, queryClient);
  return {
    queryClient,
    pushAlerts: (cloudId: number) =>
      queryClient.getQueryData<Me>(meQueryOptions().queryKey)?.memberships.find((m) => m.cloud_id === cloudId)
        ?.push_alerts,
  };
}

const toggle = () => screen.getByRole('switch', { name: 'Push notifications' });
const progress = () => screen.queryByRole('progressbar', { name: 'Updating push notifications…' });
const calls = (requests: FakeRequest[]) =>
  requests.map((r) => `${r.method} ${r.path}`).filter((call) => !call.endsWith('vapid-public-key'));

describe('push notifications toggle', () => {
  it('is disabled while push alerts are off for the cloud', async () => {
    installBrowserPush({ subscribed: true });
    installServer();
    renderToggle([4]);
    expect(toggle()).not.toBeChecked();
    expect(toggle()).toBeEnabled();
    expect(progress()).not.toBeInTheDocument();
  });

  it('is enabled when push alerts are on and this browser is subscribed', async () => {
    installBrowserPush({ subscribed: true });
    installServer();
    renderToggle([3]);
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(toggle()).toBeEnabled();
  });

  it('is disabled when push alerts are on but this browser is not subscribed', async () => {
    installBrowserPush();
    installServer();
    renderToggle([3]);
    await waitFor(() => expect(progress()).not.toBeInTheDocument());
    expect(toggle()).not.toBeChecked();
  });

  it('turns on: asks permission, subscribes with the server key, saves, and is pending until done', async () => {
    let answerPrompt: (answer: 'granted') => void = () => {};
    const push = installBrowserPush({ answer: () => new Promise((resolve) => (answerPrompt = resolve)) });
    const requests = installServer();
    const view = renderToggle();
    fireEvent.click(toggle());

    await waitFor(() => expect(push.requestPermission).toHaveBeenCalled());
    expect(progress()).toBeInTheDocument();
    expect(toggle()).toBeDisabled();
    expect(calls(requests)).toEqual([]);

    await act(async () => answerPrompt('granted'));
    await waitFor(() => expect(toggle()).toBeChecked());
    expect(toggle()).toBeEnabled();
    expect(progress()).not.toBeInTheDocument();

    expect(push.serviceWorker.register).toHaveBeenCalledWith('/push-service-worker.js', { scope: '/' });
    expect(push.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: KEY_BYTES,
    });
    expect(calls(requests)).toEqual(['PUT /apiv2/user/push-subscriptions', 'POST /apiv2/cloud/3']);
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      endpoint: push.browser.subscription?.endpoint,
      keys: { p256dh: `B${'k'.repeat(86)}`, auth: 'a'.repeat(22) },
    });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ user: { push_alerts: true } });
    // The Alerts button reads the membership from `me` to poll at the push rate.
    expect(view.pushAlerts(3)).toBe(true);
  });

  it('shows the failure text and stays disabled when the user blocks notifications', async () => {
    const push = installBrowserPush({ answer: 'denied' });
    const requests = installServer();
    const view = renderToggle();
    fireEvent.click(toggle());
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).not.toBeChecked();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls(requests)).toEqual([]);
    expect(view.pushAlerts(3)).toBe(false);
  });

  it('shows the failure text when the browser has no Web Push', async () => {
    const requests = installServer();
    renderToggle();
    fireEvent.click(toggle());
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    expect(toggle()).not.toBeChecked();
    expect(requests).toEqual([]);
  });

  it('shows the failure text when the push service refuses the subscription', async () => {
    const push = installBrowserPush();
    push.pushManager.subscribe.mockRejectedValueOnce(new DOMException('push service error', 'AbortError'));
    const requests = installServer();
    renderToggle();
    fireEvent.click(toggle());
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).not.toBeChecked();
    expect(calls(requests)).toEqual([]);
  });

  it('turns off and lets the browser go when no other cloud has push alerts on', async () => {
    const push = installBrowserPush({ subscribed: true });
    const subscription = push.browser.subscription;
    const requests = installServer();
    const view = renderToggle([3]);
    await waitFor(() => expect(toggle()).toBeChecked());
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle()).not.toBeChecked());
    await waitFor(() => expect(subscription?.unsubscribe).toHaveBeenCalled());
    expect(calls(requests)).toEqual(['POST /apiv2/cloud/3', 'DELETE /apiv2/user/push-subscriptions']);
    expect(requests[0]?.body).toEqual({ user: { push_alerts: false } });
    expect(requests[1]?.body).toEqual({ endpoint: subscription?.endpoint });
    expect(view.pushAlerts(3)).toBe(false);
  });

  it('turns off but keeps the browser subscribed while another cloud has push alerts on', async () => {
    const push = installBrowserPush({ subscribed: true });
    const requests = installServer();
    const view = renderToggle([3, 4]);
    await waitFor(() => expect(toggle()).toBeChecked());
    fireEvent.click(toggle());
    await waitFor(() => expect(view.pushAlerts(3)).toBe(false));
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).not.toBeChecked();
    expect(calls(requests)).toEqual(['POST /apiv2/cloud/3']);
    expect(push.browser.subscription?.unsubscribe).not.toHaveBeenCalled();
    expect(view.pushAlerts(4)).toBe(true);
  });
});
