// @vitest-environment happy-dom
// docs/navigation.md#routes /site/{siteId}/client/{clientId}: who the client is, where it is connected, and where it has
// been over the period the address names.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientDetail, ClientStay } from '../../../../core/api/clients.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { navigationSiteQueryOptions } from '../../navigation/index.ts';
import { ClientPage } from './client-page.tsx';

const SITE = {
  id: 7,
  name: 'Depot',
  cloud_id: 3,
  configEnabled: true,
  sdwan_enabled: false,
  allow_config: true,
  site_permissions: [],
};

const DETAIL: ClientDetail = {
  id: 40,
  mac: '3a:10:00:00:00:01',
  ip: '10.9.0.4',
  hostname: 'laptop-anna',
  ssid: 'Depot',
  band: '5',
  rssi: -61,
  rx_bytes: 4_000_000_000,
  tx_bytes: 800_000,
  device: { id: 12, name: 'Yard AP' },
  site: { id: 7, name: 'Depot' },
  first_seen_at: '2026-03-02T10:00:00.000Z',
  last_seen_at: '2026-03-02T11:00:00.000Z',
  connected: true,
  history: [
    {
      device: { id: 12, name: 'Yard AP' },
      site: { id: 7, name: 'Depot' },
      ssid: 'Depot',
      band: '5',
      first_seen_at: '2026-03-02T10:00:00.000Z',
      last_seen_at: '2026-03-02T11:00:00.000Z',
      current: true,
    },
    {
      device: { id: 11, name: 'Lobby AP' },
      site: { id: 5, name: 'Harbour' },
      ssid: 'Corp',
      band: '2.4',
      first_seen_at: '2026-03-01T08:00:00.000Z',
      last_seen_at: '2026-03-01T17:00:00.000Z',
      current: false,
    },
    {
      device: null,
      site: { id: 5, name: 'Harbour' },
      ssid: null,
      band: null,
      first_seen_at: '2026-02-01T08:00:00.000Z',
      last_seen_at: '2026-02-03T08:00:00.000Z',
      current: false,
    },
  ],
  addresses: [{ ip: '192.168.1.20', until: '2026-03-01T17:00:00.000Z' }],
  samples: [
    { at: '2026-03-02T09:00:00Z', rssi: -58, rx_bytes: null, tx_bytes: null },
    { at: '2026-03-02T10:00:00Z', rssi: -61, rx_bytes: 2_500_000, tx_bytes: 400_000 },
  ],
};

/**
 * The client call, answered by `answer`, and its paged stays (DETAIL's history unless `stays` says, 50 a
 * page); returns the ranges the client call was asked for.
 */
function installServer(
  answer: (range: string | null) => ClientDetail | [number, unknown],
  stays: (range: string | null) => ClientStay[] = () => DETAIL.history,
) {
  const ranges: (string | null)[] = [];
  stayQueries = [];
  installFakeFetch((request: FakeRequest) => {
    if (request.path === '/apiv2/cloud/3/clients/40/stays') {
      const query = Object.fromEntries(request.query);
      delete query.v;
      stayQueries.push(query);
      const all = stays(request.query.get('range'));
      const offset = Number(query.offset);
      return jsonResponse(200, {
        items: all.slice(offset, offset + Number(query.limit)),
        total: all.length,
        total_capped: false,
      });
    }
    if (request.path !== '/apiv2/cloud/3/clients/40') return jsonResponse(404, { message: 'Not found.' });
    ranges.push(request.query.get('range'));
    const body = answer(request.query.get('range'));
    return Array.isArray(body) ? jsonResponse(body[0], body[1]) : jsonResponse(200, body);
  });
  return ranges;
}
/** The stays calls' queries since the server was installed. */
let stayQueries: Record<string, string>[] = [];

function open(address = '/site/7/client/40') {
  const view = renderListPage(routes.siteClient.path, ClientPage, address);
  // The shell has read the site's cloud already.
  act(() => view.queryClient.setQueryData(navigationSiteQueryOptions(7).queryKey, SITE));
  return view;
}
const section = (name: string) => screen.getByRole('region', { name });
const fact = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

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

describe('client page', () => {
  it('shows who the client is and where it is connected, with links to its device and site', async () => {
    installServer(() => DETAIL);
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Wireless Client' })).toBeInTheDocument();
    await settle();
    const identity = section('laptop-anna');
    expect(fact(identity, 'MAC address')).toHaveTextContent('3a:10:00:00:00:01');
    expect(fact(identity, 'IP address')).toHaveTextContent('10.9.0.4');
    expect(fact(identity, 'Connection')).toHaveTextContent('Connected');
    const connection = section('Current connection');
    expect(within(fact(connection, 'Device')).getByRole('link', { name: 'Yard AP' })).toHaveAttribute(
      'href',
      '/site/7/device/12/dashboard',
    );
    expect(within(fact(connection, 'Site')).getByRole('link', { name: 'Depot' })).toHaveAttribute(
      'href',
      '/site/7/dashboard#default',
    );
    expect(fact(connection, 'SSID')).toHaveTextContent('Depot');
    expect(fact(connection, 'Band')).toHaveTextContent('5 GHz');
    expect(fact(connection, 'Signal (RSSI)')).toHaveTextContent('-61 dBm');
    expect(fact(connection, 'Traffic (received / sent)')).toHaveTextContent('4 GB / 800 kB');
  });

  it('charts its signal and its traffic per hour, each with its data table', async () => {
    installServer(() => DETAIL);
    open();
    await settle();
    const signal = section('Signal over time');
    fireEvent.click(within(signal).getByRole('button', { name: 'Show data table' }));
    const signalRows = within(within(signal).getByRole('table')).getAllByRole('row');
    expect(signalRows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringMatching(/-58 dBm$/),
      expect.stringMatching(/-61 dBm$/),
    ]);
    const traffic = section('Traffic per hour');
    fireEvent.click(within(traffic).getByRole('button', { name: 'Show data table' }));
    const trafficRows = within(within(traffic).getByRole('table')).getAllByRole('row');
    expect(trafficRows.at(-1)?.textContent).toMatch(/2\.5 MB400 kB$/);
  });

  it('lists where the client has been, newest first, and its earlier addresses', async () => {
    installServer(() => DETAIL);
    open();
    await settle();
    const history = section('Connection history');
    const rows = within(within(history).getByRole('table', { name: 'Connection history' })).getAllByRole(
      'row',
    );
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [],
      ['Yard AP', 'Depot', 'Depot', '5 GHz'],
      ['Lobby AP', 'Harbour', 'Corp', '2.4 GHz'],
      ['Device not recorded', 'Harbour', 'Unknown', 'Unknown'],
    ]);
    // The stay that goes on has no end yet; each stay says how long it lasted.
    expect(within(rows[1] as HTMLElement).getByText('Now')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('9 hr 0 min')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('2 days 0 hr')).toBeInTheDocument();
    expect(within(history).getByText(/^192\.168\.1\.20, last used /)).toBeInTheDocument();
  });

  it('narrows the history to the range of the address, and changes it there', async () => {
    const ranges = installServer(
      (range) => (range === '24h' ? { ...DETAIL, history: [], addresses: [] } : DETAIL),
      (range) => (range === '24h' ? [] : DETAIL.history),
    );
    const { router } = open('/site/7/client/40?range=24h');
    await settle();
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect(period).toHaveValue('24h');
    expect(screen.getByText('No connections in this period.')).toBeInTheDocument();
    expect(screen.getByText('No earlier IP addresses in this period.')).toBeInTheDocument();
    fireEvent.change(period, { target: { value: '30d' } });
    await settle();
    expect(router.state.location.search).toBe('?range=30d');
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'all' } });
    await settle();
    expect(router.state.location.search).toBe('');
    expect(ranges).toEqual(['24h', '30d', null]);
    expect(screen.getByRole('link', { name: 'Lobby AP' })).toBeInTheDocument();
  });

  it('says when the client is gone or hidden, and offers to try again after a failure', async () => {
    installServer(() => [404, { message: 'No such client in this cloud.' }]);
    open();
    await settle();
    expect(
      screen.getByText('This client does not exist, or you do not have access to it.'),
    ).toBeInTheDocument();
    resetPlatform();

    let fail = true;
    installServer(() => (fail ? [500, { message: 'Boom', incidentId: 'x1' }] : DETAIL));
    open();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await settle();
    expect(screen.getByText('The client could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(section('Current connection')).toBeInTheDocument();
  });

  it('calls the connection its last one when the client is not connected', async () => {
    setViewportWidth(375);
    installServer(() => ({ ...DETAIL, connected: false }));
    open();
    await settle();
    expect(section('Last connection')).toBeInTheDocument();
    expect(screen.queryByText('Now')).not.toBeInTheDocument();
  });

  it('pages the connection history on the server, and starts again at the first page for another period', async () => {
    const many: ClientStay[] = Array.from({ length: 60 }, (_, n) => ({
      device: { id: 100 + n, name: `AP ${n}` },
      site: { id: 7, name: 'Depot' },
      ssid: 'Depot',
      band: '5',
      first_seen_at: new Date(Date.UTC(2026, 1, 1, 0, 0) - n * 3_600_000).toISOString(),
      last_seen_at: new Date(Date.UTC(2026, 1, 1, 0, 30) - n * 3_600_000).toISOString(),
      current: false,
    }));
    installServer(
      () => DETAIL,
      () => many,
    );
    open();
    await settle();
    const history = section('Connection history');
    expect(within(history).getByRole('link', { name: 'AP 0' })).toBeInTheDocument();
    expect(within(history).getAllByText('30 min')).toHaveLength(50);
    fireEvent.click(within(history).getByRole('button', { name: 'Next page' }));
    await settle();
    expect(within(history).getByRole('link', { name: 'AP 50' })).toBeInTheDocument();
    expect(within(history).queryByRole('link', { name: 'AP 0' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '7d' } });
    await settle();
    expect(stayQueries.map((query) => [query.range, query.offset, query.limit])).toEqual([
      [undefined, '0', '50'],
      [undefined, '50', '50'],
      ['7d', '0', '50'],
    ]);
  });
});
