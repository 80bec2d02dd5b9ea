// Web tests of the device list: a device row, and a scripted server for the list and its calls.
import type { DeviceListItem } from '../../../../core/api/devices.ts';
import { type FakeRequest, installFakeFetch, jsonResponse } from '../../../test-utils/fake-fetch.ts';
import type { pageOf } from '../../../test-utils/test-list-page.tsx';

export const PATH = '/apiv2/cloud/3/devices';
export const SITES = [
  { id: 7, name: 'Harbour' },
  { id: 8, name: 'Depot' },
];
export const ALL_ACTIONS = ['reboot', 'firmware', 'move', 'decommission', 'delete', 'export'];

type Page = ReturnType<typeof pageOf<DeviceListItem>>;
/**
 * The device list's calls: the list (with the actions the caller may take), the columns the user chose and
 * any other call `other` answers; `queries()` gives the list calls' query parameters, without the version.
 */
export function installListServer(
  answer: (query: { search: string | null; offset: number }) => Page | [number, unknown],
  options: { actions?: string[]; other?: (request: FakeRequest) => Response | undefined } = {},
) {
  const requests = installFakeFetch((request) => {
    const handled = options.other?.(request);
    if (handled) return handled;
    if (request.path === '/apiv2/user/list-columns/devices') return jsonResponse(200, { columns: null });
    if (request.path === '/apiv2/cloud/3/registration-sites') return jsonResponse(200, { sites: [] });
    if (request.path === '/apiv2/cloud/3/sites-select') return jsonResponse(200, { sites: SITES });
    if (request.method !== 'GET' || request.path !== PATH)
      return jsonResponse(404, { message: 'Not found.' });
    const page = answer({ search: request.query.get('search'), offset: Number(request.query.get('offset')) });
    return Array.isArray(page)
      ? jsonResponse(page[0], page[1])
      : jsonResponse(200, { ...page, actions: options.actions ?? ALL_ACTIONS });
  });
  return {
    requests,
    queries: () =>
      requests
        .filter((request) => request.method === 'GET' && request.path === PATH)
        .map((request) => {
          const query = Object.fromEntries(request.query);
          delete query.v;
          return query;
        }),
  };
}

export function device(id: number, name: string, overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    id,
    name,
    site: { id: 7, name: 'Harbour' },
    mac: `02:00:00:00:00:${String(id).padStart(2, '0')}`,
    ip: `10.0.0.${id}`,
    hostname: `ap-${id}`,
    sn: `SN${id}`,
    product_type: 'wifi',
    product_brand_id: 13,
    product_name: 'Wi-Fi 6 Access Point 2x2 Indoor',
    status_id: 'STATUS_ONLINE',
    online: true,
    health_id: 'HEALTH_NORMAL',
    fw: '7.2.1-4012',
    mgmtd_version: '2.4.1',
    allowed_tasks: ['TASK_REBOOT'],
    blocked: false,
    last_seen_at: '2026-11-10T09:59:00.000Z',
    uptime_s: 3 * 86_400,
    clients: 12,
    uplink: null,
    ...overrides,
  };
}

export const many = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => device(from + index, `Device ${from + index}`));
