// @vitest-environment happy-dom
// docs/site-map.md#elsewhere: the site dashboard's Location card shows the site on the map, and the cloud
// dashboard shows its sites with coordinates, coloured by their worst health, each leading to its dashboard.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '../../../../core/api/dashboards.ts';
import type { SiteListItem } from '../../../../core/api/sites.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { openDashboard } from './test-dashboard.tsx';

const HARBOUR_SITE = { id: 7, name: 'Harbour', location: 'Pier 4', latitude: 47.5, longitude: 19.04 };

function dashboard(site: DashboardResponse['site']): DashboardResponse {
  return {
    range: '24h',
    from: '2026-11-25T12:00:00.000Z',
    to: '2026-11-25T14:00:00.000Z',
    bucket_ms: 3_600_000,
    site,
    grouping: null,
    devices: { total: 0, families: [] },
    problem_sites: [],
    firmware: [],
    recorders: null,
    clients: [],
    alerts: [],
  };
}

function site(id: number, name: string, overrides: Partial<SiteListItem> = {}): SiteListItem {
  return {
    id,
    name,
    location: '',
    latitude: null,
    longitude: null,
    device_count: 2,
    online_count: 2,
    critical_count: 0,
    warning_count: 0,
    can_edit: true,
    ...overrides,
  };
}

const SITES = [
  site(7, 'Harbour', { latitude: 47.5, longitude: 19.04, critical_count: 1, warning_count: 1 }),
  site(8, 'Ridge', { latitude: -33.9, longitude: 151.2 }),
  site(9, 'Depot'),
];

function installServer() {
  return installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/dashboard')
      return jsonResponse(200, dashboard(request.query.get('site_id') ? HARBOUR_SITE : null));
    if (request.path === '/apiv2/cloud/3/sites')
      return jsonResponse(200, { items: SITES, total: SITES.length, total_capped: false });
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
    if (/\/(alerts|tasks|devices)$/.test(request.path))
      return jsonResponse(200, { items: [], total: 0, total_capped: false });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const open = openDashboard;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('dashboard maps', () => {
  it("shows the site's place on a small map in its Location card, beside its coordinates", async () => {
    const requests = installServer();
    open('/site/7/dashboard');
    const card = await screen.findByRole('region', { name: 'Location' });
    const map = await within(card).findByRole('region', { name: 'Map of Harbour' });
    expect(within(map).getAllByRole('button', { name: 'Harbour' })).toHaveLength(1);
    expect(within(card).getByText('Latitude 47.5, longitude 19.04')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open in OpenStreetMap' })).toBeInTheDocument();
    // A site's dashboard draws no map of the cloud's sites, nor asks for them.
    expect(screen.queryByRole('region', { name: 'Sites on the map' })).toBeNull();
    expect(requests.some((request) => request.path === '/apiv2/cloud/3/sites')).toBe(false);
  });

  it("draws the cloud's sites with coordinates by their worst health, each leading to its dashboard", async () => {
    const requests = installServer();
    open('/cloud/3/dashboard');
    const card = await screen.findByRole('region', { name: 'Sites on the map' });
    const map = within(card).getByRole('region', { name: "Map of the cloud's sites" });
    const harbour = within(map).getByRole('button', { name: 'Harbour, Critical' });
    const ridge = within(map).getByRole('button', { name: 'Ridge, Normal' });
    // Critical and normal are drawn in different colours.
    const colour = (marker: HTMLElement) => marker.querySelector('.site-map-dot')?.getAttribute('style');
    expect(colour(harbour)).toMatch(/background:/);
    expect(colour(harbour)).not.toBe(colour(ridge));
    expect(within(map).queryByRole('button', { name: /Depot/ })).toBeNull();
    const call = requests.find((request) => request.path === '/apiv2/cloud/3/sites');
    expect(call?.query.get('limit')).toBe('100');

    fireEvent.click(harbour);
    const link = await within(card).findByRole('link', { name: 'Open the site dashboard' });
    expect(link).toHaveAttribute('href', '/site/7/dashboard#default');
    expect(within(card).getByText('Harbour')).toBeInTheDocument();
  });
});
