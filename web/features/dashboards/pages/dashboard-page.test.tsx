// @vitest-environment happy-dom
// docs/navigation.md#routes cloud and site dashboards: counts that link to the filtered device list, the worst sites, the
// open alerts and running tasks, charts over the range of the address, and the loading and error states.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '../../../../core/api/dashboards.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { openDashboard } from './test-dashboard.tsx';

const zeroStatus = { STATUS_ONLINE: 0, STATUS_SKIPPED_HB: 0, STATUS_OFFLINE: 0 };
const zeroHealth = { HEALTH_UNKNOWN: 0, HEALTH_NORMAL: 0, HEALTH_WARNING: 0, HEALTH_CRITICAL: 0 };

function dashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    range: '24h',
    from: '2026-11-25T12:00:00.000Z',
    to: '2026-11-25T14:00:00.000Z',
    bucket_ms: 3_600_000,
    site: null,
    grouping: null,
    devices: {
      total: 4,
      families: [
        {
          product_type: 'wifi',
          total: 3,
          status: { ...zeroStatus, STATUS_ONLINE: 2, STATUS_OFFLINE: 1 },
          health: { ...zeroHealth, HEALTH_NORMAL: 2, HEALTH_CRITICAL: 1 },
        },
        {
          product_type: 'switch',
          total: 1,
          status: { ...zeroStatus, STATUS_ONLINE: 1 },
          health: { ...zeroHealth, HEALTH_WARNING: 1 },
        },
      ],
    },
    problem_sites: [{ id: 7, name: 'Harbour', total: 3, critical: 1, warning: 0, offline: 1 }],
    firmware: [{ product_type: 'wifi', versions: [{ fw: '7.2.1-4012', count: 3 }], others: 0 }],
    recorders: {
      total: 1,
      status: { ...zeroStatus, STATUS_ONLINE: 1 },
      health: { ...zeroHealth, HEALTH_NORMAL: 1 },
    },
    clients: [
      {
        at: '2026-11-25T12:00:00.000Z',
        clients: 12,
        rx_bytes: 1_500_000,
        tx_bytes: 250_000,
        rx_rate: 12_500_000,
        tx_rate: 556,
      },
      {
        at: '2026-11-25T13:00:00.000Z',
        clients: null,
        rx_bytes: null,
        tx_bytes: null,
        rx_rate: null,
        tx_rate: null,
      },
    ],
    alerts: [
      { at: '2026-11-25T12:00:00.000Z', critical: 1, warning: 0 },
      { at: '2026-11-25T13:00:00.000Z', critical: 0, warning: 2 },
    ],
    ...overrides,
  };
}

const emptyPage = { items: [], total: 0, capped: false };

function installServer(
  answer: (request: FakeRequest) => Response | Promise<Response> | undefined = () => undefined,
) {
  return installFakeFetch((request) => {
    const own = answer(request);
    if (own) return own;
    if (request.path === '/apiv2/cloud/3/dashboard') return jsonResponse(200, dashboard());
    if (request.path === '/apiv2/cloud/3/site-filters-select')
      return jsonResponse(200, { userCloudFilter: { id: null }, siteGroupings: [] });
    if (request.path === '/apiv2/cloud/3/alerts' || request.path === '/apiv2/cloud/3/tasks')
      return jsonResponse(200, emptyPage);
    if (request.path === '/apiv2/navigation/site/7')
      return jsonResponse(200, {
        id: 7,
        name: 'Harbour',
        cloud_id: 3,
        configEnabled: false,
        sdwanEnabled: false,
        allow_config: false,
        site_permissions: ['read_site', 'read_device'],
      });
    if (request.path === '/apiv2/cloud/3/devices') return jsonResponse(200, emptyPage);
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const open = openDashboard;

/** The scope of each open alerts and tasks in progress call: its grouping and its site. */
const historyCalls = (requests: FakeRequest[]) =>
  requests
    .filter((request) => /\/(alerts|tasks)$/.test(request.path))
    .map((request) => [
      request.path.split('/').at(-1),
      request.query.get('grouping'),
      request.query.get('site_id'),
    ])
    .sort();

const dashboardCalls = (requests: FakeRequest[]) =>
  requests
    .filter((request) => request.path === '/apiv2/cloud/3/dashboard')
    .map((request) => [request.query.get('range'), request.query.get('site_id')]);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('dashboard page', () => {
  it("links every count of the cloud's devices to the device list filtered the same way", async () => {
    const requests = installServer();
    open('/cloud/3/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const devices = await screen.findByRole('region', { name: 'Devices' });
    const href = (name: string) => within(devices).getByRole('link', { name }).getAttribute('href');
    expect(href('All 4 devices')).toBe('/v2/cloud/3/devices');
    expect(href('Access points: all 3 devices')).toBe('/v2/cloud/3/devices?type=wifi');
    expect(href('Access points, Critical: 1 devices')).toBe(
      '/v2/cloud/3/devices?type=wifi&health=HEALTH_CRITICAL',
    );
    expect(href('Access points, Offline: 1 devices')).toBe('/v2/cloud/3/devices?type=wifi&status=offline');
    expect(href('Switches, Warning: 1 devices')).toBe(
      '/v2/cloud/3/devices?type=switch&health=HEALTH_WARNING',
    );
    // A count of none is no link.
    expect(within(devices).queryByRole('link', { name: 'Switches, Critical: 0 devices' })).toBeNull();
    const sites = screen.getByRole('region', { name: 'Sites with the most problems' });
    expect(within(sites).getByRole('link', { name: 'Harbour' })).toHaveAttribute(
      'href',
      '/site/7/dashboard#default',
    );
    expect(screen.getByRole('region', { name: 'Smart NVRs' })).toHaveTextContent('Online: 1');
    expect(screen.getByRole('region', { name: 'Firmware in use' })).toHaveTextContent('7.2.1-4012');
    // Its open alerts and tasks in progress are the active site grouping's, as its counts are.
    await waitFor(() =>
      expect(historyCalls(requests)).toEqual([
        ['alerts', 'active', null],
        ['tasks', 'active', null],
      ]),
    );
  });

  it("draws the charts over the address's range with their data tables, and another range when picked", async () => {
    const requests = installServer();
    const { router } = open('/cloud/3/dashboard?range=7d');
    const clients = await screen.findByRole('region', { name: 'Wireless clients' });
    expect(dashboardCalls(requests)).toEqual([['7d', null]]);
    fireEvent.click(within(clients).getByRole('button', { name: 'Show data table' }));
    const rows = within(within(clients).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.lastChild?.textContent)).toEqual(['12', 'No data']);
    const traffic = screen.getByRole('region', { name: 'Traffic' });
    fireEvent.click(within(traffic).getByRole('button', { name: 'Show data table' }));
    // Traffic is drawn as throughput, not as the bytes of each point (docs/telemetry.md).
    expect(within(traffic).getByRole('table')).toHaveTextContent('12.5 Mb/s');
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('group', { name: 'Time range' })).getByRole('button', { name: '30 days' }),
      );
    });
    expect(router.state.location.search).toBe('?range=30d');
    expect(dashboardCalls(requests)).toEqual([
      ['7d', null],
      ['30d', null],
    ]);
  });

  it("shows a site's dashboard with its devices, its position, and counts linking to its own device list", async () => {
    const requests = installServer((request) =>
      request.path === '/apiv2/cloud/3/dashboard'
        ? jsonResponse(
            200,
            dashboard({
              problem_sites: [],
              recorders: null,
              site: { id: 7, name: 'Harbour', location: 'Pier 4', latitude: 47.5, longitude: 19.04 },
            }),
          )
        : undefined,
    );
    open('/site/7/dashboard#default');
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(dashboardCalls(requests)).toEqual([['24h', '7']]);
    expect(within(devices).getByRole('link', { name: 'Access points: all 3 devices' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/site/7/devices?type=wifi',
    );
    const position = screen.getByRole('region', { name: 'Location' });
    expect(position).toHaveTextContent('Pier 4');
    expect(position).toHaveTextContent('Latitude 47.5, longitude 19.04');
    expect(within(position).getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=47.5&mlon=19.04#map=17/47.5/19.04',
    );
    expect(screen.queryByRole('region', { name: 'Sites with the most problems' })).toBeNull();
    await waitFor(() =>
      expect(historyCalls(requests)).toEqual([
        ['alerts', null, '7'],
        ['tasks', null, '7'],
      ]),
    );
    expect(
      requests.some(
        (request) => request.path === '/apiv2/cloud/3/devices' && request.query.get('site_id') === '7',
      ),
    ).toBe(true);
  });

  it('while it loads, the page is busy and its placeholders are hidden from assistive technology', async () => {
    let respond = (_: Response) => {};
    installServer((request) =>
      request.path === '/apiv2/cloud/3/dashboard'
        ? new Promise<Response>((resolve) => {
            respond = resolve;
          })
        : undefined,
    );
    const { container } = open('/cloud/3/dashboard');
    const placeholders = () => [...container.querySelectorAll('.MuiSkeleton-root')];
    await waitFor(() => expect(placeholders()).not.toEqual([]));
    // A placeholder names nothing: no label without a role for a screen reader to trip on.
    for (const placeholder of placeholders()) {
      expect(placeholder).toHaveAttribute('aria-hidden', 'true');
      expect(placeholder).not.toHaveAttribute('aria-label');
    }
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(1);
    respond(jsonResponse(200, dashboard()));
    await screen.findByRole('region', { name: 'Wireless clients' });
    expect(placeholders()).toEqual([]);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('says when the dashboard could not be loaded, and loads it again on request', async () => {
    let fail = true;
    installServer((request) =>
      request.path === '/apiv2/cloud/3/dashboard' && fail
        ? jsonResponse(500, { message: 'Down.' })
        : undefined,
    );
    open('/cloud/3/dashboard');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    expect(screen.getByText('The dashboard could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Devices' })).toBeInTheDocument();
  });
});
