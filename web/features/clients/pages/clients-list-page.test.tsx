// @vitest-environment happy-dom
// docs/clients.md: the cloud's Clients, a site's Wireless Clients and the device's Clients page: searched,
// narrowed to a site, sorted and paged on the server, exported as CSV, with the loading, empty and error
// states of every list.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientListItem, ClientListResponse } from '../../../../core/api/clients.ts';
import type { ListPage } from '../../../../core/api/list-query.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { pageOf, renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { navigationDeviceQueryOptions, navigationSiteQueryOptions } from '../../navigation/index.ts';
import { ClientsListPage } from './clients-list-page.tsx';

function client(id: number, hostname: string, overrides: Partial<ClientListItem> = {}): ClientListItem {
  return {
    id,
    mac: `3a:10:00:00:00:${String(id).padStart(2, '0')}`,
    ip: `192.168.1.${id}`,
    hostname,
    ssid: 'Corp',
    band: '5',
    rssi: -52,
    rx_bytes: 5_000_000,
    tx_bytes: 700_000,
    device: { id: 11, name: 'Lobby AP' },
    site: { id: 7, name: 'Harbour' },
    first_seen_at: '2026-03-01T08:00:00.000Z',
    last_seen_at: '2026-03-01T09:30:00.000Z',
    connected: true,
    ...overrides,
  };
}

const NAVIGATION = {
  site: {
    id: 7,
    name: 'Harbour',
    cloud_id: 3,
    configEnabled: true,
    sdwan_enabled: false,
    allow_config: true,
    site_permissions: [],
  },
  device: {
    id: 11,
    name: 'Lobby AP',
    cloud_id: 3,
    site_id: 7,
    site_name: 'Harbour',
    product_type: 'wifi',
    product_brand_id: 13,
    mgmtd_version: '2.4.1',
    allow_config: true,
    site_config_enabled: true,
    site_permissions: [],
  },
};

const SITES = [
  { id: 7, name: 'Harbour' },
  { id: 8, name: 'Depot' },
];

/**
 * The client list calls, answered by `answer` (export allowed unless the page says), and the site
 * picker's; returns the list calls' query parameters.
 */
function installServer(
  answer: (query: URLSearchParams) => ListPage<ClientListItem> | ClientListResponse | [number, unknown],
) {
  const lists: Record<string, string>[] = [];
  installFakeFetch((request: FakeRequest) => {
    if (request.path === '/apiv2/cloud/3/sites-select') return jsonResponse(200, { sites: SITES });
    if (request.path !== '/apiv2/cloud/3/clients') return jsonResponse(404, { message: 'Not found.' });
    const query = Object.fromEntries(request.query);
    delete query.v;
    lists.push(query);
    const page = answer(request.query);
    return Array.isArray(page)
      ? jsonResponse(page[0], page[1])
      : jsonResponse(200, { can_export: true, ...page });
  });
  return lists;
}

/** The page at the address, its site's and device's cloud already read by the shell. */
function open(path: string, address: string) {
  const view = renderListPage(path, ClientsListPage, address);
  act(() => {
    view.queryClient.setQueryData(navigationSiteQueryOptions(7).queryKey, NAVIGATION.site);
    view.queryClient.setQueryData(navigationDeviceQueryOptions(11).queryKey, NAVIGATION.device);
  });
  return view;
}
const openSite = () => open(routes.siteClients.path, '/site/7/clients');
const openDevice = () => open(routes.deviceClients.path, '/site/7/device/11/clients');
const openCloud = (address = '/v2/cloud/3/clients') => open(routes.cloudClients.path, address);
const searchBox = () => screen.getByRole('textbox', { name: 'Search wireless clients' });
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

beforeEach(() => {
  setViewportWidth(1440);
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('site wireless clients page', () => {
  it('lists the site’s clients with their device, SSID, band, signal and traffic', async () => {
    const lists = installServer(() =>
      pageOf([
        client(1, 'laptop-anna'),
        client(2, '', {
          connected: false,
          band: '2.4',
          rssi: null,
          device: null,
          rx_bytes: 1500,
          tx_bytes: 0,
        }),
      ]),
    );
    openSite();
    expect(screen.getByRole('heading', { level: 1, name: 'Wireless Clients' })).toBeInTheDocument();
    await settle();
    expect(lists).toEqual([{ site_id: '7', sort: 'lastSeen', order: 'desc', offset: '0', limit: '50' }]);
    const table = screen.getByRole('table', { name: 'Wireless Clients' });
    expect(headers()).toEqual([
      'Client',
      'Connection',
      'Device',
      'SSID',
      'Band',
      'Signal (RSSI)',
      'Traffic (received / sent)',
      'IP address',
      'MAC address',
      'Last seen',
    ]);
    const anna = within(table).getByRole('link', { name: 'laptop-anna' });
    expect(anna).toHaveAttribute('href', '/site/7/client/1');
    const annaRow = anna.closest('tr') as HTMLElement;
    expect(within(annaRow).getByRole('link', { name: 'Lobby AP' })).toHaveAttribute(
      'href',
      '/site/7/device/11/dashboard',
    );
    expect(within(annaRow).getByText('Connected')).toBeInTheDocument();
    expect(within(annaRow).getByText('5 GHz')).toBeInTheDocument();
    expect(within(annaRow).getByText('-52 dBm')).toBeInTheDocument();
    expect(within(annaRow).getByText('5 MB / 700 kB')).toBeInTheDocument();
    // A client without a host name goes by its MAC address.
    const other = within(table).getByRole('link', { name: '3a:10:00:00:00:02' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('Not connected')).toBeInTheDocument();
    expect(within(other).getByText('2.4 GHz')).toBeInTheDocument();
    expect(within(other).getByText('1.5 kB / 0 byte')).toBeInTheDocument();
    expect(within(other).getAllByText('Unknown')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('1–2 of 2');
  });

  it('searches after 3 characters, sorts, and starts again at the first page', async () => {
    const lists = installServer((query) =>
      pageOf(
        Array.from({ length: 50 }, (_, index) =>
          client(index + 1 + Number(query.get('offset')), `host-${index}`),
        ),
        120,
      ),
    );
    openSite();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('51–100 of 120');
    fireEvent.change(searchBox(), { target: { value: '3A-10' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    await settle();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'rssi desc' } });
    await settle();
    expect(lists.map((query) => [query.search, query.sort, query.order, query.offset])).toEqual([
      [undefined, 'lastSeen', 'desc', '0'],
      [undefined, 'lastSeen', 'desc', '50'],
      ['3A-10', 'lastSeen', 'desc', '0'],
      ['3A-10', 'rssi', 'desc', '0'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1–50 of 120');
  });

  it('shows the client and its connection on a phone', async () => {
    setViewportWidth(375);
    installServer(() => pageOf([client(1, 'laptop-anna')]));
    openSite();
    await settle();
    expect(headers()).toEqual(['Client', 'Connection']);
  });

  it('says when the site has no clients, and when a search finds none', async () => {
    installServer(() => pageOf([]));
    openSite();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('No wireless clients have been seen at this site.');
    fireEvent.change(searchBox(), { target: { value: 'nobody' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing found. Please refine your search phrase and try again.',
    );
  });

  it('shows that it is loading, and a failure with a way to try again', async () => {
    let fail = true;
    installServer(() => (fail ? [500, { message: 'Boom', incidentId: 'x1' }] : pageOf([client(1, 'back')])));
    openSite();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await settle();
    expect(screen.getByText('The list could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('link', { name: 'back' })).toBeInTheDocument();
  });
});

describe('device clients page', () => {
  it('lists the device’s clients without a device column', async () => {
    const lists = installServer(() => pageOf([client(1, 'laptop-anna')]));
    openDevice();
    expect(screen.getByRole('heading', { level: 1, name: 'Device Clients' })).toBeInTheDocument();
    await settle();
    expect(lists[0]).toMatchObject({ device_id: '11' });
    expect(lists[0]).not.toHaveProperty('site_id');
    expect(headers()).not.toContain('Device');
    expect(screen.getByRole('link', { name: 'laptop-anna' })).toHaveAttribute('href', '/site/7/client/1');
  });

  it('says when the device has no clients', async () => {
    installServer(() => pageOf([]));
    openDevice();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(
      'No wireless clients have been seen on this device.',
    );
  });
});

describe('cloud clients page', () => {
  it('lists every client the caller sees with its site, and links each to its site’s client page', async () => {
    const lists = installServer(() =>
      pageOf([
        client(1, 'laptop-anna'),
        client(2, 'laptop-anna', { site: { id: 8, name: 'Depot' }, device: { id: 12, name: 'Yard AP' } }),
        client(3, 'drifter', { site: null, device: null }),
      ]),
    );
    openCloud();
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    await settle();
    expect(lists).toEqual([{ sort: 'lastSeen', order: 'desc', offset: '0', limit: '50' }]);
    expect(headers().slice(0, 4)).toEqual(['Client', 'Site', 'Connection', 'Device']);
    const table = screen.getByRole('table', { name: 'Clients' });
    // Two clients of one name are told apart by their site.
    const [harbour, depot] = within(table).getAllByRole('link', { name: 'laptop-anna' });
    expect(harbour).toHaveAttribute('href', '/site/7/client/1');
    expect(depot).toHaveAttribute('href', '/site/8/client/2');
    expect(within(depot?.closest('tr') as HTMLElement).getByRole('link', { name: 'Depot' })).toHaveAttribute(
      'href',
      '/site/8/dashboard#default',
    );
    // A client seen on no site has no page to open.
    expect(within(table).queryByRole('link', { name: 'drifter' })).not.toBeInTheDocument();
    expect(within(table).getByText('drifter')).toBeInTheDocument();
  });

  it('keeps its search and site in the address, and exports the same list', async () => {
    const lists = installServer(() => pageOf([client(1, 'laptop-anna')]));
    const { router } = openCloud('/v2/cloud/3/clients?search=anna&site=7');
    await settle();
    expect(lists[0]).toEqual({
      site_id: '7',
      search: 'anna',
      sort: 'lastSeen',
      order: 'desc',
      offset: '0',
      limit: '50',
    });
    expect(searchBox()).toHaveValue('anna');
    expect(screen.getByRole('combobox', { name: 'Site' })).toHaveValue('Harbour');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'hostname asc' },
    });
    await settle();
    const href = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://console.test',
    );
    expect(href.pathname).toBe('/apiv2/cloud/3/clients/export');
    expect(Object.fromEntries([...href.searchParams].filter(([name]) => name !== 'v'))).toEqual({
      site_id: '7',
      search: 'anna',
      sort: 'hostname',
      order: 'asc',
    });
    fireEvent.change(searchBox(), { target: { value: 'galaxy' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    await settle();
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('galaxy');
    expect(lists.at(-1)).toMatchObject({ search: 'galaxy', site_id: '7' });
  });

  it('offers no export to who may not export, and says when the cloud has no clients', async () => {
    installServer(() => ({ ...pageOf<ClientListItem>([]), can_export: false }));
    openCloud();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(
      'No wireless clients have been seen in this cloud yet.',
    );
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
