// What each live event changes, as the queries of every page that shows it: written once, here, from the
// features' key factories. A page whose query is not listed here is not refreshed by the event stream
// (only by docs/constants.md's polling), so a new page that shows device, alert or task state adds its keys.
import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '../../core/api/events.ts';
import { activityKeys } from '../features/activity/index.ts';
import { alertsKeys } from '../features/alerts/index.ts';
import { clientsKeys } from '../features/clients/index.ts';
import { configKeys } from '../features/config/index.ts';
import { dashboardsKeys } from '../features/dashboards/index.ts';
import { devicesKeys } from '../features/devices/index.ts';
import { floorMapKeys } from '../features/floor-maps/index.ts';
import { siteMapKeys } from '../features/site-map/index.ts';
import { sitesKeys } from '../features/sites/index.ts';
import { tasksKeys } from '../features/tasks/index.ts';
import { toolsKeys } from '../features/tools/index.ts';
import { topologyKeys } from '../features/topology/index.ts';

/** The queries an event of the given cloud makes stale; the open ones refetch. */
export function liveEventKeys(event: LiveEvent): QueryKey[] {
  const cloud = event.data.cloud_id;
  switch (event.kind) {
    case 'device': {
      // A device's or recorder's status or health changed.
      const { device_id: deviceId, snvr_device_id: smartNvrId } = event.data;
      return [
        devicesKeys.lists(cloud),
        // Its own pages: dashboard, statistics.
        ...(deviceId === null ? [] : [devicesKeys.device(cloud, deviceId)]),
        ...(smartNvrId === null ? [] : [devicesKeys.smartNvr(cloud, smartNvrId)]),
        // The cloud's and the sites' dashboards count devices by status and health.
        dashboardsKeys.all(cloud),
        // The site list's online, critical and warning counts.
        sitesKeys.lists(cloud),
        // A client is connected only while its device is online.
        clientsKeys.all(cloud),
        // The site's topology, map and floor maps: its devices' health and their links' states (a link down
        // is a health change).
        ...(event.data.site_id === null
          ? []
          : [
              topologyKeys.site(cloud, event.data.site_id),
              siteMapKeys.site(cloud, event.data.site_id),
              floorMapKeys.site(cloud, event.data.site_id),
            ]),
      ];
    }
    case 'alert':
      return [
        // The badge: a grown unviewed total shows its toast and reloads the panel's list.
        alertsKeys.recentTotals(cloud),
        // A resolved alert leaves the panel's list without changing the unviewed total.
        ...(event.data.change === 'resolved' ? [alertsKeys.recent(cloud)] : []),
        // The alert history, and the open alerts of a device's or recorder's dashboard.
        activityKeys.alerts(cloud),
        // The dashboards' alert charts.
        dashboardsKeys.all(cloud),
        // A radio link down or a managed device not answering is a link the topology draws red.
        ...(event.data.site_id === null ? [] : [topologyKeys.site(cloud, event.data.site_id)]),
      ];
    case 'task':
      return [
        // The tracker's list (moved in place when it holds the task: web/shell/use-live-updates.ts).
        tasksKeys.recent(cloud),
        tasksKeys.recentCount(cloud),
        // The task history, a task's targets and a dashboard's recent tasks.
        activityKeys.tasks(cloud),
        // The Tools page's runs and the run on screen.
        toolsKeys.all(cloud),
        // Where the site's devices stand with their configuration (a configuration task is one site's).
        ...(event.data.site_id !== null && event.data.type_id === 'TASK_CONFIG_CHANGE'
          ? [configKeys.siteDevices(cloud, event.data.site_id)]
          : []),
      ];
    case 'links':
      // A device's links changed state (a switch port lost its link, a radio link came up): its site's
      // topology and map draw them.
      return event.data.site_id === null
        ? []
        : [topologyKeys.site(cloud, event.data.site_id), siteMapKeys.site(cloud, event.data.site_id)];
  }
}
