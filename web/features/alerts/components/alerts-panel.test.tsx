// @vitest-environment happy-dom
// The Alerts panel: what each alert shows and links to, the empty text, unseen alerts until the panel
// closes, and the one-hour cache of the list.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import {
  calls,
  fakeAlert,
  fakeAlertsData,
  installAlertsServer,
  renderAlerts,
} from '../testing/alerts-harness.tsx';

const LIST = '/apiv2/cloud/3/recent-alerts';
const MARK = '/apiv2/cloud/3/mark-alerts-as-viewed';

afterEach(() => {
  vi.useRealTimers();
  resetPlatform();
  restoreFetch();
});

const panel = () => screen.getByRole('dialog', { name: 'Alerts' });

async function openPanel(name: string | RegExp = /^Alerts/) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Alerts' });
}

async function closePanel() {
  fireEvent.keyDown(panel(), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alerts' })).not.toBeInTheDocument());
}

describe('Alerts panel', () => {
  it('shows each alert with its title, description, health and time, newest first', async () => {
    installAlertsServer(
      fakeAlertsData({
        alerts: [
          fakeAlert(2, { alert_type: 'CHANNEL_CHANGED', alert_data_1: '36', alert_data_2: '149' }, 90),
          fakeAlert(1, { alert_type: 'DEV_UNREACHABLE', alert_data_1: '2520' }, 3 * 24 * 60),
        ],
      }),
    );
    renderAlerts();
    const dialog = await openPanel();
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Channel changed' })).toBeInTheDocument();
    // Band missing: the description is left out rather than shown half-filled.
    expect(within(first).queryByText(/Moved from channel/)).not.toBeInTheDocument();
    expect(within(first).getByText('Critical')).toBeInTheDocument();
    expect(within(first).getByText('1 hour ago')).toHaveAttribute('dateTime', expect.any(String));
    expect(within(second).getByRole('heading', { name: 'Device unreachable' })).toBeInTheDocument();
    expect(within(second).getByText('No contact for 42 minutes.')).toBeInTheDocument();
    const time = within(second).getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toMatch(/\d/);
  });

  it('links each alert to its device, site and smart NVR, and all alerts to the activity page', async () => {
    installAlertsServer(
      fakeAlertsData({
        alerts: [
          fakeAlert(1),
          fakeAlert(2, {
            alert_type: 'STREAM_FAILED',
            alert_data_1: 'Camera 03 Dock',
            site_id: null,
            site_name: null,
            attrs: {
              device_id: null,
              device_name: null,
              snvr_device_id: 7,
              snvr_device_name: 'Recorder North',
              camera_id: 'cam-3',
              cloud_id: 3,
            },
          }),
          fakeAlert(3, {
            alert_type: 'MEDIA_SYNC_FAILURE',
            alert_data_1: null,
            site_id: null,
            site_name: null,
            attrs: {
              device_id: null,
              device_name: null,
              snvr_device_id: 8,
              snvr_device_name: 'Recorder South',
              camera_id: null,
              cloud_id: 3,
            },
          }),
        ],
      }),
    );
    renderAlerts();
    const dialog = await openPanel();
    await within(dialog).findAllByRole('listitem');
    expect(within(dialog).getByRole('link', { name: 'Device AP Lobby' })).toHaveAttribute(
      'href',
      '/device/11',
    );
    expect(within(dialog).getByRole('link', { name: 'Site Harbour Office' })).toHaveAttribute(
      'href',
      '/site/5/dashboard#default',
    );
    expect(within(dialog).getByRole('link', { name: 'Smart NVR Recorder North' })).toHaveAttribute(
      'href',
      '/smartnvr/7',
    );
    // A camera's alerts lead to it on the recorder's IP Cameras page (docs/cameras.md#alerts).
    expect(within(dialog).getByRole('link', { name: 'Camera Camera 03 Dock' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/smartnvr/7/ipcams?camera=cam-3',
    );
    expect(within(dialog).getByRole('link', { name: 'Camera IP Cameras' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/smartnvr/8/ipcams',
    );
    expect(within(dialog).getByRole('link', { name: 'View all alerts' })).toHaveAttribute(
      'href',
      '/cloud/3/activity?health=HEALTH_CRITICAL%2BHEALTH_WARNING#alert',
    );
  });

  it('leaves the site out for a user who sees one site only', async () => {
    installAlertsServer(fakeAlertsData({ alerts: [fakeAlert(1)], seesOneSiteOnly: true }));
    renderAlerts();
    const dialog = await openPanel();
    expect(await within(dialog).findByRole('link', { name: 'Device AP Lobby' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /^Site/ })).not.toBeInTheDocument();
  });

  it('goes where a link points and closes, marking the alerts viewed', async () => {
    const requests = installAlertsServer(fakeAlertsData({ notViewedTotal: 1, alerts: [fakeAlert(1)] }));
    const { router } = renderAlerts();
    const dialog = await openPanel('Alerts, not viewed: 1');
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Device AP Lobby' }));
    expect(router.state.location.pathname).toBe('/device/11');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alerts' })).not.toBeInTheDocument());
    expect(calls(requests, 'POST', MARK)).toBe(1);
  });

  it("says 'No recent alerts (during last 7 days)' when there are none", async () => {
    installAlertsServer(fakeAlertsData());
    renderAlerts();
    const dialog = await openPanel();
    expect(await within(dialog).findByText('No recent alerts (during last 7 days)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a failed list in the panel and tries again on request', async () => {
    const data = fakeAlertsData({ alerts: [fakeAlert(1)], listStatus: 500 });
    installAlertsServer(data);
    renderAlerts();
    const dialog = await openPanel();
    expect(await within(dialog).findByText('The alerts could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Page Script Error' })).not.toBeInTheDocument();
    data.listStatus = 200;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('heading', { name: 'Device unreachable' })).toBeInTheDocument();
  });
});

describe('unseen alerts', () => {
  it('marks unseen alerts until the panel closes; closing marks all viewed and clears the badge', async () => {
    const requests = installAlertsServer(
      fakeAlertsData({ notViewedTotal: 1, alerts: [fakeAlert(2), fakeAlert(1, { is_viewed: true })] }),
    );
    renderAlerts();
    let dialog = await openPanel('Alerts, not viewed: 1');
    const [unseen, seen] = (await within(dialog).findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(within(unseen).getByText('New')).toBeInTheDocument();
    expect(within(seen).queryByText('New')).not.toBeInTheDocument();
    expect(calls(requests, 'POST', MARK)).toBe(0);

    await closePanel();
    expect(calls(requests, 'POST', MARK)).toBe(1);
    expect(await screen.findByRole('button', { name: 'Alerts' })).toBeInTheDocument();

    dialog = await openPanel('Alerts');
    await within(dialog).findAllByRole('listitem');
    expect(within(dialog).queryByText('New')).not.toBeInTheDocument();
    // The list shows as seen from the cache, without being fetched again.
    expect(calls(requests, 'GET', LIST)).toBe(1);
  });
});

describe('recent alerts cache', () => {
  const settle = () => act(() => vi.advanceTimersByTimeAsync(20));
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  async function openAndClose() {
    fireEvent.click(screen.getByRole('button', { name: /^Alerts/ }));
    await settle();
    expect(panel()).toBeInTheDocument();
    fireEvent.keyDown(panel(), { key: 'Escape' });
    await advance(1_000);
    expect(screen.queryByRole('dialog', { name: 'Alerts' })).not.toBeInTheDocument();
  }

  it('keeps the list for an hour when nothing changed, then fetches it again', async () => {
    vi.useFakeTimers();
    const requests = installAlertsServer(fakeAlertsData({ alerts: [fakeAlert(1, {}, 0)] }));
    renderAlerts();
    await settle();
    await openAndClose();
    expect(calls(requests, 'GET', LIST)).toBe(1);
    await advance(58 * 60_000);
    await openAndClose();
    expect(calls(requests, 'GET', LIST)).toBe(1);
    await advance(2 * 60_000);
    await openAndClose();
    expect(calls(requests, 'GET', LIST)).toBe(2);
  });

  it('fetches the list again when the count grows, and on opening with unviewed alerts', async () => {
    vi.useFakeTimers();
    const data = fakeAlertsData({ alerts: [fakeAlert(1, { is_viewed: true }, 0)] });
    const requests = installAlertsServer(data);
    renderAlerts();
    await settle();
    await openAndClose();
    expect(calls(requests, 'GET', LIST)).toBe(1);

    data.alerts = [fakeAlert(2, {}, 0), ...data.alerts];
    data.notViewedTotal = 1;
    await advance(60_000);
    await settle();
    expect(calls(requests, 'GET', LIST)).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Alerts, not viewed: 1' }));
    await settle();
    expect(calls(requests, 'GET', LIST)).toBe(3);
    expect(within(panel()).getByText('New')).toBeInTheDocument();
  });
});
