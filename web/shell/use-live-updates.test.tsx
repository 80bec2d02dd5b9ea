// @vitest-environment happy-dom
// The live event stream as the web app follows it: the pages' own queries, the app's query client and its
// stream code, with the server stood in for at the edge (fetch and EventSource). An event refreshes every
// open page that shows what changed, once at once and once more after a burst; task progress moves the
// cached tracker list without a reload; another cloud's events change nothing.
import { useQuery } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceListItem } from '../../core/api/devices.ts';
import type { AlertEventData, DeviceEventData, LinksEventData } from '../../core/api/events.ts';
import type { SiteListItem } from '../../core/api/sites.ts';
import type { RecentTasks, Task } from '../../core/api/tasks.ts';
import type { StatusId } from '../../core/domain.ts';
import { routes } from '../../core/routes.ts';
import { emptyStateCounts } from '../../core/tasks.ts';
import { type AlertFilters, useAlertHistory, useTaskHistory } from '../features/activity/api/activity.ts';
import { recentAlertsQueryOptions } from '../features/alerts/api/get-recent-alerts.ts';
import { recentAlertsTotalsQueryOptions } from '../features/alerts/api/get-recent-alerts-totals.ts';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { useSiteConfigDevices } from '../features/config/api/get-site-config-devices.ts';
import { useDashboard } from '../features/dashboards/api/get-dashboard.ts';
import { useDeviceDetail } from '../features/device-dashboard/api/get-device-detail.ts';
import { useOpenAlerts } from '../features/device-dashboard/api/get-open-alerts.ts';
import { DevicesListPage } from '../features/devices/pages/devices-list-page.tsx';
import { device, installListServer } from '../features/devices/pages/test-device-server.ts';
import { useSiteFloors } from '../features/floor-maps/api/floors.ts';
import { useSiteMap } from '../features/site-map/api/get-site-map.ts';
import { SitesListPage } from '../features/sites/pages/sites-list-page.tsx';
import { recentTasksQueryOptions } from '../features/tasks/api/get-recent-tasks.ts';
import { recentTasksCountQueryOptions } from '../features/tasks/api/get-recent-tasks-count.ts';
import { useTopology } from '../features/topology/api/get-topology.ts';
import { LIVE_REOPEN_MS } from '../platform/live-events.ts';
import { resetPlatform } from '../platform/testing/render-platform.tsx';
import { FakeEventSource, installFakeEventSource, liveStream } from '../test-utils/fake-event-source.ts';
import { installFakeFetch, jsonResponse, restoreFetch } from '../test-utils/fake-fetch.ts';
import { meFixture } from '../test-utils/me-fixture.ts';
import { renderRoutes } from '../test-utils/render-routes.tsx';
import { pageOf, settle, setViewportWidth } from '../test-utils/test-list-page.tsx';
import { LIVE_COALESCE_MS, useLiveUpdates } from './use-live-updates.ts';

/** The signed-in frame's part that follows the stream, around the page at `address`. */
function openPage(path: string, Page: ComponentType, address: string) {
  function LiveFrame() {
    useLiveUpdates(3);
    return <Outlet />;
  }
  const view = renderRoutes([{ Component: LiveFrame, children: [{ path, Component: Page }] }], address);
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return view;
}

const passBurst = () => act(() => vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS));

const deviceEvent = (cloudId: number, statusId: StatusId = 'STATUS_OFFLINE'): DeviceEventData => ({
  cloud_id: cloudId,
  site_id: 7,
  device_id: 5,
  snvr_device_id: null,
  status_id: statusId,
  health_id: 'HEALTH_CRITICAL',
});
const alertEvent = (cloudId: number, change: 'raised' | 'resolved'): AlertEventData => ({
  cloud_id: cloudId,
  site_id: 7,
  alert_id: 90,
  alert_type: 'DEV_UNREACHABLE',
  health_id: 'HEALTH_CRITICAL',
  device_id: 5,
  snvr_device_id: null,
  change,
});

const task = (id: number, fields: Partial<Task> = {}): Task => ({
  id,
  type_id: 'TASK_REBOOT',
  task_state: 'TASK_WAIT_ACK',
  task_params: {},
  execute_at: '2026-11-24T10:00:00.000Z',
  completed_at: null,
  device_id: 5,
  device_name: 'Lobby AP',
  site_id: 7,
  site_name: 'Harbour',
  snvr_device_id: null,
  snvr_device_name: null,
  stateCounts: { ...emptyStateCounts(), TASK_WAIT_ACK: 2 },
  ...fields,
});

/** Answers every call of the panels and dashboards below; `calls(path)` counts the calls of one path. */
function installPanelServer() {
  const tracker: RecentTasks = { tasks: [task(40), task(41)], tasks_viewed_at: null };
  const requests = installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/recent-tasks') return jsonResponse(200, tracker);
    if (request.path === '/apiv2/cloud/3/recent-alerts-totals')
      return jsonResponse(200, { notViewedTotal: 0, total: 0 });
    return jsonResponse(200, {});
  });
  return (path: string) => requests.filter((request) => request.path === `/apiv2/cloud/3/${path}`).length;
}

const ALL_ALERTS: AlertFilters = { state: 'all', health: 'all', type: 'all', range: 'all' };

/** The queries of the badges, the activity history and the dashboards, through their own hooks. */
function Panels() {
  useQuery(recentAlertsTotalsQueryOptions(3));
  useQuery(recentAlertsQueryOptions(3));
  useQuery(recentTasksQueryOptions(3));
  useQuery(recentTasksCountQueryOptions(3));
  useAlertHistory(3, ALL_ALERTS, 0);
  useTaskHistory(3, { status: 'all', type: 'all', range: 'all', id: null }, 0);
  useOpenAlerts(3, { deviceId: 5 });
  useDeviceDetail(3, 5);
  useDashboard(3, '24h');
  useDashboard(3, '24h', 7);
  useSiteConfigDevices(3, 7, { offset: 0 });
  return null;
}

function openPanels() {
  const calls = installPanelServer();
  const view = openPage('/', Panels, '/');
  return { calls, queryClient: view.queryClient };
}

beforeEach(() => {
  setViewportWidth(1440);
  vi.useFakeTimers();
  installFakeEventSource();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('live updates', () => {
  it('open one stream for the tab and close it when the frame goes', () => {
    installPanelServer();
    const view = openPage('/', Panels, '/');
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/apiv2/events']);
    view.unmount();
    expect(liveStream().closed).toBe(true);
  });

  it("show a device's new status in the device list at once, and ignore another cloud's devices", async () => {
    let shown: Partial<DeviceListItem> = {};
    const server = installListServer(() => pageOf([device(5, 'Lobby AP', shown)]));
    openPage(routes.devices.path, DevicesListPage, '/v2/cloud/3/devices');
    await settle();
    const row = () => screen.getByRole('link', { name: 'Lobby AP' }).closest('tr') as HTMLElement;
    expect(within(row()).getByText('Online')).toBeInTheDocument();

    shown = { status_id: 'STATUS_OFFLINE', online: false, health_id: 'HEALTH_CRITICAL' };
    liveStream().emit('device', deviceEvent(4));
    await settle();
    expect(server.queries()).toHaveLength(1);
    liveStream().emit('device', deviceEvent(3));
    await settle();
    expect(server.queries()).toHaveLength(2);
    expect(within(row()).getByText('Offline')).toBeInTheDocument();
    expect(within(row()).getByText('Critical')).toBeInTheDocument();
  });

  it("show a site's new health counts in the site list when one of its devices changes", async () => {
    let harbour: SiteListItem = {
      id: 7,
      name: 'Harbor Terminal',
      location: '2201 Seaport Boulevard',
      latitude: null,
      longitude: null,
      device_count: 4,
      online_count: 4,
      critical_count: 0,
      warning_count: 1,
      can_edit: true,
    };
    const requests = installFakeFetch((request) =>
      request.path === '/apiv2/cloud/3/sites'
        ? jsonResponse(200, pageOf([harbour]))
        : jsonResponse(200, {
            userCloudFilter: { id: null, name: null },
            siteGroupings: [],
            backendFilter: false,
          }),
    );
    openPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites');
    await settle();
    const row = () => screen.getByRole('link', { name: 'Harbor Terminal' }).closest('tr') as HTMLElement;
    expect(within(row()).getByText('Warning: 1')).toBeInTheDocument();

    harbour = { ...harbour, online_count: 3, critical_count: 1 };
    liveStream().emit('device', deviceEvent(3));
    await settle();
    expect(requests.filter((request) => request.path === '/apiv2/cloud/3/sites')).toHaveLength(2);
    expect(within(row()).getByText('Critical: 1')).toBeInTheDocument();
    expect(within(row()).getByText('3')).toBeInTheDocument();
  });

  it("refresh the device's dashboard and the cloud's and site's dashboards on a device event", async () => {
    const { calls } = openPanels();
    await settle();
    expect([calls('devices/5'), calls('dashboard')]).toEqual([1, 2]);
    liveStream().emit('device', deviceEvent(3));
    await settle();
    expect([calls('devices/5'), calls('dashboard')]).toEqual([2, 4]);
    // Alerts and tasks did not change.
    expect([calls('recent-alerts-totals'), calls('alerts'), calls('recent-tasks')]).toEqual([1, 2, 1]);
  });

  it("redraw a site's topology and map when one of its devices' links changes state (docs/topology.md)", async () => {
    const calls = installPanelServer();
    function SiteViews() {
      useTopology(3, 7);
      useSiteMap(3, 7);
      useSiteFloors(3, 7);
      return null;
    }
    openPage('/', SiteViews, '/');
    await settle();
    const seen = () => [calls('sites/7/topology'), calls('sites/7/map'), calls('sites/7/floors')];
    expect(seen()).toEqual([1, 1, 1]);
    // Another site's link.
    liveStream().emit('links', { cloud_id: 3, site_id: 8, device_id: 6 } satisfies LinksEventData);
    await settle();
    expect(seen()).toEqual([1, 1, 1]);
    liveStream().emit('links', { cloud_id: 3, site_id: 7, device_id: 5 } satisfies LinksEventData);
    await settle();
    expect(seen()).toEqual([2, 2, 1]);
    // A device's health: its icon on the floor plans as well.
    await passBurst();
    liveStream().emit('device', deviceEvent(3));
    await settle();
    expect(seen()).toEqual([3, 3, 2]);
  });

  it('reload the badge, the alert history, the open alerts and the dashboards on an alert', async () => {
    const { calls } = openPanels();
    await settle();
    const seen = () => [
      calls('recent-alerts-totals'),
      calls('recent-alerts'),
      calls('alerts'),
      calls('dashboard'),
    ];
    expect(seen()).toEqual([1, 1, 2, 2]);
    liveStream().emit('alert', alertEvent(9, 'raised'));
    await settle();
    expect(seen()).toEqual([1, 1, 2, 2]);
    // A raised alert grows the unviewed total, which reloads the panel's list itself when it grew.
    liveStream().emit('alert', alertEvent(3, 'raised'));
    await settle();
    expect(seen()).toEqual([2, 1, 4, 4]);
    await passBurst();
    // A resolved one leaves the list without changing the total.
    liveStream().emit('alert', alertEvent(3, 'resolved'));
    await settle();
    expect(seen()).toEqual([3, 2, 6, 6]);
    expect(calls('devices/5')).toBe(1);
  });

  it("move a cached task's state and counts at once, reloading the list only for what it cannot know", async () => {
    const { calls, queryClient } = openPanels();
    await settle();
    const counts = { ...emptyStateCounts(), TASK_RUNNING: 1, TASK_SUCCESS: 1 };
    liveStream().emit('task', {
      cloud_id: 3,
      site_id: 7,
      task_id: 41,
      type_id: 'TASK_REBOOT',
      task_state: 'TASK_RUNNING',
      stateCounts: counts,
    });
    const cached = queryClient.getQueryData(recentTasksQueryOptions(3).queryKey);
    expect(cached?.tasks[1]).toMatchObject({ task_state: 'TASK_RUNNING', stateCounts: counts });
    expect(cached?.tasks[0]).toEqual(task(40));
    await settle();
    expect([calls('recent-tasks'), calls('recent-tasks-count'), calls('tasks')]).toEqual([1, 2, 2]);
    expect(calls('sites/7/config/devices')).toBe(1);
    await passBurst();

    // A task that finished needs its completion time, and one the list lacks needs the list.
    liveStream().emit('task', {
      cloud_id: 3,
      site_id: 7,
      task_id: 41,
      type_id: 'TASK_REBOOT',
      task_state: 'TASK_SUCCESS',
      stateCounts: counts,
    });
    await settle();
    expect([calls('recent-tasks'), calls('recent-tasks-count'), calls('tasks')]).toEqual([2, 3, 3]);
    await passBurst();
    liveStream().emit('task', {
      cloud_id: 3,
      site_id: 7,
      task_id: 99,
      type_id: 'TASK_CONFIG_CHANGE',
      task_state: 'TASK_WAIT_ACK',
      stateCounts: counts,
    });
    await settle();
    expect(calls('recent-tasks')).toBe(3);
    expect(calls('dashboard')).toBe(2);
    // Only a configuration task moves where the site's devices stand with their configuration.
    expect(calls('sites/7/config/devices')).toBe(2);
  });

  it('turn a burst of device changes into a reload at once and one more when the burst is over', async () => {
    const server = installListServer(() => pageOf([device(5, 'Lobby AP')]));
    openPage(routes.devices.path, DevicesListPage, '/v2/cloud/3/devices');
    await settle();
    for (let n = 0; n < 100; n++) liveStream().emit('device', deviceEvent(3, 'STATUS_ONLINE'));
    await settle();
    expect(server.queries()).toHaveLength(2);
    await passBurst();
    expect(server.queries()).toHaveLength(3);
    await passBurst();
    expect(server.queries()).toHaveLength(3);
  });

  it('open the stream again after a refusal, and not while it reconnects by itself', async () => {
    const { calls } = openPanels();
    await settle();
    liveStream().drop();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REOPEN_MS));
    expect(FakeEventSource.opened).toHaveLength(1);
    liveStream().refuse();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REOPEN_MS));
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/apiv2/events', '/apiv2/events']);
    const before = calls('recent-alerts-totals');
    liveStream().emit('alert', alertEvent(3, 'raised'));
    await settle();
    expect(calls('recent-alerts-totals')).toBe(before + 1);
  });
});
