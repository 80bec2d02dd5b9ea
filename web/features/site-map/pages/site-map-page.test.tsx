// @vitest-environment happy-dom
// docs/site-map.md: the site map draws the site's devices, falls back to a grid without tiles, and places a
// device with edit_map, with an Undo.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteMap, SiteMapDevice } from '../../../../core/api/site-map.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { NAVIGATION_SITE } from '../../../test-utils/navigation-site.ts';
import { renderListPage, settle } from '../../../test-utils/test-list-page.tsx';
import { navigationSiteQueryOptions } from '../../navigation/index.ts';
import { TILE_WAIT_MS } from '../components/site-leaflet-map.tsx';
import { SiteMapPage } from './site-map-page.tsx';

function device(id: number, name: string, overrides: Partial<SiteMapDevice> = {}): SiteMapDevice {
  return {
    id,
    name,
    model: 'MetroLinq 60',
    product_type: 'metrolinq',
    status_id: 'STATUS_ONLINE',
    online: true,
    blocked: false,
    health_id: 'HEALTH_NORMAL',
    clients: null,
    uplink: null,
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

function siteMap(overrides: Partial<SiteMap> = {}): SiteMap {
  return {
    site: { id: 7, name: 'Harbour', latitude: 47.5, longitude: 19.04 },
    devices: [
      device(11, 'Tower A', { latitude: 47.5, longitude: 19.04, health_id: 'HEALTH_CRITICAL', clients: 4 }),
      device(12, 'Tower B', { latitude: 47.52, longitude: 19.1 }),
      device(13, 'Spare AP'),
    ],
    links: [{ from_device_id: 11, to_device_id: 12, band: '60', state: 'up', capacity_mbps: 1800 }],
    can_edit_map: true,
    ...overrides,
  };
}

/** The map and location calls; the map answers with where the devices are now. */
function installServer(answer: SiteMap) {
  let current = answer;
  const puts: { path: string; body: unknown }[] = [];
  installFakeFetch((request: FakeRequest) => {
    if (request.method === 'GET' && request.path === '/apiv2/cloud/3/sites/7/map')
      return jsonResponse(200, current);
    const put = /^\/apiv2\/cloud\/3\/devices\/(\d+)\/location$/.exec(request.path);
    if (request.method === 'PUT' && put) {
      const body = request.body as { latitude: number | null; longitude: number | null };
      const id = Number(put[1]);
      puts.push({ path: request.path, body });
      current = {
        ...current,
        devices: current.devices.map((d) => (d.id === id ? { ...d, ...body } : d)),
      };
      return jsonResponse(200, { id, ...body });
    }
    if (request.path === '/apiv2/navigation/site/7') return jsonResponse(200, NAVIGATION_SITE);
    return jsonResponse(404, { message: 'Not found.' });
  });
  return puts;
}

function open() {
  const view = renderListPage(routes.siteGoogleMap.path, SiteMapPage, '/site/7/google-map');
  act(() => view.queryClient.setQueryData(navigationSiteQueryOptions(7).queryKey, NAVIGATION_SITE));
  return view;
}

const mapRegion = () => screen.getByRole('region', { name: 'Site map' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('site map page', () => {
  it('draws a marker per placed device and lists the others as not placed', async () => {
    installServer(siteMap());
    open();
    await settle();
    const map = mapRegion();
    expect(within(map).getByRole('button', { name: 'Tower A, Critical' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Tower B, Normal' })).toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: /Spare AP/ })).toBeNull();
    // The radio link between the two placed towers is a line.
    expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(1);
    const unplaced = screen.getByRole('region', { name: 'Not placed' });
    expect(within(unplaced).getByText('Spare AP, Normal')).toBeInTheDocument();
  });

  it('opens a marker’s card with the device’s facts and its dashboard link', async () => {
    installServer(siteMap());
    open();
    await settle();
    fireEvent.click(within(mapRegion()).getByRole('button', { name: 'Tower A, Critical' }));
    const card = screen.getByRole('region', { name: 'Tower A' });
    expect(within(card).getByText('MetroLinq 60')).toBeInTheDocument();
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the dashboard of Tower A' })).toHaveAttribute(
      'href',
      '/site/7/device/11/dashboard',
    );
  });

  it('says positions are drawn on a grid when no tile loads', async () => {
    installServer(siteMap());
    open();
    await settle();
    expect(screen.queryByText(/Map tiles could not be loaded/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(TILE_WAIT_MS));
    // A calm status, not an alert: the console's alerts are its error messages.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Map tiles could not be loaded; positions are drawn on a grid',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mapRegion().querySelector('.site-map-grid-tile')).not.toBeNull();
    expect(within(mapRegion()).getByRole('button', { name: 'Tower A, Critical' })).toBeInTheDocument();
  });

  it('places a device where the map is clicked, and Undo takes it off again', async () => {
    const puts = installServer(siteMap());
    open();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Place Spare AP' }));
    expect(screen.getByText(/^Click the map where Spare AP stands\./)).toBeInTheDocument();
    const map = mapRegion();
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    await settle();
    expect(puts).toHaveLength(1);
    expect(puts[0]?.path).toBe('/apiv2/cloud/3/devices/13/location');
    const placedAt = puts[0]?.body as { latitude: number; longitude: number };
    expect(Object.keys(placedAt).sort()).toEqual(['latitude', 'longitude']);
    expect(typeof placedAt.latitude).toBe('number');
    expect(typeof placedAt.longitude).toBe('number');
    await settle();
    // On the map now (where Tower A stands, so the two are drawn as one cluster), no longer in the list.
    expect(screen.queryByRole('button', { name: 'Place Spare AP' })).toBeNull();
    expect(within(mapRegion()).getByRole('button', { name: '2 devices here, zoom in' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await settle();
    expect(puts[1]).toEqual({
      path: '/apiv2/cloud/3/devices/13/location',
      body: { latitude: null, longitude: null },
    });
    await settle();
    expect(screen.getByRole('button', { name: 'Place Spare AP' })).toBeInTheDocument();
    expect(within(mapRegion()).getByRole('button', { name: 'Tower A, Critical' })).toBeInTheDocument();
  });

  it('places a device at the map’s centre with Enter, for keyboard users', async () => {
    const puts = installServer(siteMap());
    open();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Place Spare AP' }));
    fireEvent.keyPress(mapRegion(), { key: 'Enter', code: 'Enter', charCode: 13 });
    await settle();
    // The map opened on Tower A, the only place it had to show in a map without a size.
    expect(puts).toEqual([
      { path: '/apiv2/cloud/3/devices/13/location', body: { latitude: 47.5, longitude: 19.04 } },
    ]);
  });

  it('moves a placed device from the keyboard: the map takes the focus on the device, Enter puts it there', async () => {
    const puts = installServer(siteMap());
    open();
    await settle();
    fireEvent.click(within(mapRegion()).getByRole('button', { name: 'Tower B, Normal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(mapRegion()).toHaveFocus();
    fireEvent.keyPress(mapRegion(), { key: 'Enter', code: 'Enter', charCode: 13 });
    await settle();
    expect(puts).toEqual([
      { path: '/apiv2/cloud/3/devices/12/location', body: { latitude: 47.52, longitude: 19.1 } },
    ]);
    expect(screen.getByText('Tower B moved')).toBeInTheDocument();
  });

  it('offers no placing without edit_map', async () => {
    installServer(siteMap({ can_edit_map: false }));
    open();
    await settle();
    expect(screen.queryByRole('button', { name: 'Place Spare AP' })).toBeNull();
    expect(screen.getByText(/placing devices needs/)).toBeInTheDocument();
  });
});
