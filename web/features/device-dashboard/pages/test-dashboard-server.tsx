// Web tests of the device and recorder dashboards: a page in a router at its address, the signed-in user
// known, and a scripted server for the calls the page and the shell's navigation context make.
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { AlertHistoryItem } from '../../../../core/api/activity.ts';
import type { DeviceDetail, DeviceReport, SmartNvrDetail } from '../../../../core/api/devices.ts';
import { type DeviceItemMetricsResponse, ITEM_SERIES_FAMILIES } from '../../../../core/api/item-metrics.ts';
import type { Task } from '../../../../core/api/tasks.ts';
import { emptyStateCounts } from '../../../../core/tasks.ts';
import { type FakeRequest, installFakeFetch, jsonResponse } from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { meQueryOptions } from '../../auth/index.ts';

const CLOUD_ID = 3;
const SITE = { id: 7, name: 'Harbour' };

/** A heartbeat's common part: an access point or any device that is well. */
export function report(fields: Partial<DeviceReport> = {}): DeviceReport {
  return {
    at: '2026-11-10T09:59:00.000Z',
    uptime_s: 3 * 86_400 + 4 * 3_600 + 120,
    system: { cpu_pct: 12, mem_pct: 40, temp_c: 48 },
    time_sync: { synced: true, offset_ms: 3 },
    config: { applied: true, unsynced_files: [] },
    action_required: null,
    ...fields,
  };
}

export function device(fields: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    id: 11,
    name: 'Harbour Lobby AP 01',
    site: SITE,
    mac: '02:4c:10:00:00:0b',
    ip: '10.10.1.11',
    hostname: 'ap-hbr-01',
    sn: 'WA21000407',
    product_type: 'wifi',
    product_brand_id: 13,
    product_name: 'Wi-Fi 6 Access Point 2x2 Indoor',
    status_id: 'STATUS_ONLINE',
    online: true,
    health_id: 'HEALTH_NORMAL',
    fw: '7.2.1-4012',
    mgmtd_version: '2.4.1',
    allowed_tasks: ['TASK_REBOOT', 'TASK_FW_UPDATE', 'TASK_TROUBLESHOOT'],
    blocked: false,
    decomm: false,
    state_changed: null,
    can_change_state: true,
    last_seen_at: '2026-11-10T09:59:00.000Z',
    can_rename: true,
    can_reset_credential: false,
    can_open_tunnel: false,
    link_peers: [],
    report: report(),
    ...fields,
  };
}

export function recorder(fields: Partial<SmartNvrDetail> = {}): SmartNvrDetail {
  return {
    id: 70,
    name: 'HQ Smart NVR',
    sn: 'NV31000000',
    mac: '02:4c:90:00:00:00',
    ip: '10.10.9.250',
    fw: '2.3.4-1021',
    product_brand_id: 190,
    product_name: 'Smart NVR',
    status_id: 'STATUS_ONLINE',
    online: true,
    health_id: 'HEALTH_NORMAL',
    last_seen_at: '2026-11-10T09:59:00.000Z',
    allowed_tasks: ['TASK_REBOOT', 'TASK_FW_UPDATE'],
    can_reset_credential: false,
    can_open_tunnel: false,
    report: report(),
    ...fields,
  };
}

export function alert(fields: Partial<AlertHistoryItem> = {}): AlertHistoryItem {
  return {
    id: 501,
    alert_type: 'DEV_UNREACHABLE',
    health_id: 'HEALTH_CRITICAL',
    alert_data_1: '720',
    alert_data_2: null,
    alert_data_3: null,
    problem_at: new Date(Date.now() - 20 * 60_000).toISOString(),
    resolved_at: null,
    site: SITE,
    device: { id: 11, name: 'Harbour Lobby AP 01' },
    smartnvr: null,
    acknowledged: null,
    can_acknowledge: true,
    can_mute: true,
    muted: false,
    ...fields,
  };
}

export function task(fields: Partial<Task> = {}): Task {
  return {
    id: 900,
    type_id: 'TASK_REBOOT',
    task_state: 'TASK_SUCCESS',
    task_params: {},
    execute_at: '2026-11-09T08:00:00.000Z',
    completed_at: '2026-11-09T08:02:00.000Z',
    device_id: 11,
    device_name: 'Harbour Lobby AP 01',
    site_id: SITE.id,
    site_name: SITE.name,
    snvr_device_id: null,
    snvr_device_name: null,
    stateCounts: { ...emptyStateCounts(), TASK_SUCCESS: 1 },
    ...fields,
  };
}

export type DashboardAnswers = {
  readonly devices?: readonly DeviceDetail[];
  readonly recorders?: readonly SmartNvrDetail[];
  readonly alerts?: readonly AlertHistoryItem[];
  readonly tasks?: readonly Task[];
  /** A status and body for the device or recorder call instead of the object. */
  readonly failure?: [number, unknown];
  /** A recorder's cameras and storage over time; none by default. */
  readonly recorderMetrics?: Partial<DeviceItemMetricsResponse>;
};

const page = <T,>(items: readonly T[]) => ({ items, total: items.length, total_capped: false });

/** Answers the calls of a dashboard; returns the requests it received. */
export function installDashboardServer(answers: DashboardAnswers) {
  const devices = answers.devices ?? [];
  const recorders = answers.recorders ?? [];
  // Names given by PATCH, as the device answers from then on, and the devices and recorders whose
  // credential was reset.
  const renamed = new Map<number, string>();
  const reset = new Set<string>();
  return installFakeFetch((request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'POST' && path.endsWith('/reset-credential')) {
      reset.add(path.replace('/reset-credential', ''));
      return new Response(null, { status: 204 });
    }
    const id = Number(path.split('/').at(-1));
    const wasReset = reset.has(path);
    const listed = devices.find((candidate) => candidate.id === id);
    const found = listed && {
      ...listed,
      name: renamed.get(id) ?? listed.name,
      ...(wasReset ? { can_reset_credential: false } : {}),
    };
    const listedNvr = recorders.find((candidate) => candidate.id === id);
    const nvr = listedNvr && { ...listedNvr, ...(wasReset ? { can_reset_credential: false } : {}) };
    if (method === 'GET' && path.startsWith('/apiv2/navigation/device/') && found)
      return jsonResponse(200, {
        id,
        name: found.name,
        cloud_id: CLOUD_ID,
        site_id: found.site?.id ?? null,
        site_name: found.site?.name ?? null,
        product_type: found.product_type,
        product_brand_id: found.product_brand_id,
        mgmtd_version: found.mgmtd_version,
        allow_config: true,
        site_config_enabled: true,
        site_permissions: [],
      });
    if (method === 'GET' && path === `/apiv2/navigation/site/${SITE.id}`)
      return jsonResponse(200, {
        ...SITE,
        cloud_id: CLOUD_ID,
        configEnabled: true,
        sdwanEnabled: false,
        allow_config: true,
        site_permissions: [],
      });
    if (method === 'GET' && path.startsWith('/apiv2/navigation/smartnvr/') && nvr)
      return jsonResponse(200, { id, name: nvr.name, cloud_id: CLOUD_ID });
    if (method === 'GET' && path.startsWith(`/apiv2/cloud/${CLOUD_ID}/devices/`)) {
      if (answers.failure && id === devices[0]?.id) return jsonResponse(...answers.failure);
      return found ? jsonResponse(200, found) : jsonResponse(404, { message: 'Not found.' });
    }
    if (method === 'GET' && path.endsWith('/item-metrics') && path.includes('/smartnvrs/'))
      return jsonResponse(200, {
        range: request.query.get('range') ?? '24h',
        from: '2026-11-08T08:00:00.000Z',
        to: '2026-11-09T08:00:00.000Z',
        at: [],
        ...Object.fromEntries(ITEM_SERIES_FAMILIES.map((family) => [family, []])),
        failovers: [],
        ...answers.recorderMetrics,
      });
    if (method === 'GET' && path.startsWith(`/apiv2/cloud/${CLOUD_ID}/smartnvrs/`)) {
      if (answers.failure) return jsonResponse(...answers.failure);
      return nvr ? jsonResponse(200, nvr) : jsonResponse(404, { message: 'Not found.' });
    }
    if (method === 'GET' && path === `/apiv2/cloud/${CLOUD_ID}/alerts`) {
      const health = request.query.get('health');
      const items = (answers.alerts ?? []).filter((item) => !health || item.health_id === health);
      return jsonResponse(200, page(items.slice(0, Number(request.query.get('limit')))));
    }
    if (method === 'GET' && path === `/apiv2/cloud/${CLOUD_ID}/tasks`)
      return jsonResponse(200, page(answers.tasks ?? []));
    if (method === 'GET' && path === `/apiv2/cloud/${CLOUD_ID}/firmware`)
      return jsonResponse(200, {
        productBrandId: Number(request.query.get('productBrandId')),
        releases: [
          { version: '7.3.0-4105', released_at: '2026-11-02', notes: 'WPA3 transition mode by default.' },
          { version: '7.2.1-4012', released_at: '2026-08-14', notes: 'Fixes roaming.' },
        ],
      });
    if (method === 'PATCH' && path.startsWith(`/apiv2/cloud/${CLOUD_ID}/devices/`) && found) {
      const { name } = request.body as { name: string };
      renamed.set(id, name);
      return jsonResponse(200, { id, name });
    }
    if (method === 'POST' && path === `/apiv2/cloud/${CLOUD_ID}/tasks`)
      return jsonResponse(201, { task: task({ id: 901, task_state: 'TASK_PENDING' }), refused: [] });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

/** Renders the page at the address, in a router with the route's pattern, as the signed-in owner. */
export function renderDashboard(path: string, Page: ComponentType, address: string) {
  const view = renderRoutes([{ path, Component: Page }], address);
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return view;
}

/** The body of each task the page started. */
export const startedTasks = (requests: readonly FakeRequest[]) =>
  requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/tasks'))
    .map((r) => r.body);
