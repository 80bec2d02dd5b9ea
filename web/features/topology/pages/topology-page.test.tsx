// @vitest-environment happy-dom
// docs/topology.md: the topology draws the site's devices and links as a graph or a table of links, and its
// search highlights a device.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Topology, TopologyEdge, TopologyNode } from '../../../../core/api/topology.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { NAVIGATION_SITE } from '../../../test-utils/navigation-site.ts';
import { renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { navigationSiteQueryOptions } from '../../navigation/index.ts';
import { layoutTopology } from '../components/layout.ts';
import { TopologyPage } from './topology-page.tsx';

const node = (id: number, name: string, fields: Partial<TopologyNode> = {}): TopologyNode => ({
  id,
  name,
  model: 'Managed Switch 8-Port Gigabit',
  family: 'switch',
  status_id: 'STATUS_ONLINE',
  health_id: 'HEALTH_NORMAL',
  ...fields,
});
const edge = (fields: Partial<TopologyEdge> & Pick<TopologyEdge, 'id' | 'from_device_id' | 'to_device_id'>) =>
  ({
    kind: 'port',
    from_port: null,
    to_port: null,
    state: 'up',
    speed_mbps: null,
    capacity_mbps: null,
    band: null,
    from_rssi_dbm: null,
    to_rssi_dbm: null,
    last_seen_at: '2026-11-24T12:00:00Z',
    ...fields,
  }) satisfies TopologyEdge;

const TOPOLOGY: Topology = {
  site: { id: 7, name: 'Harbour' },
  heartbeat_interval_s: 60,
  nodes: [
    node(1, 'Gateway', { family: 'gateway', model: 'Gateway 1 Gbps 4-Port' }),
    node(2, 'Core switch', { health_id: 'HEALTH_WARNING' }),
    node(3, 'Lobby AP', { family: 'wifi', model: 'Wi-Fi 6 Access Point 2x2 Indoor' }),
    node(4, 'Tower A', { family: 'metrolinq', model: null }),
    node(5, 'Tower B', { family: 'metrolinq', model: null, health_id: 'HEALTH_CRITICAL' }),
  ],
  edges: [
    edge({
      id: 'wired:1.2-2.8',
      from_device_id: 1,
      from_port: '2',
      to_device_id: 2,
      to_port: '8',
      speed_mbps: 10000,
    }),
    edge({
      id: 'wired:2.1-3.eth0',
      from_device_id: 2,
      from_port: '1',
      to_device_id: 3,
      to_port: 'eth0',
      speed_mbps: 1000,
    }),
    edge({
      id: 'wired:2.3-4.eth0',
      from_device_id: 2,
      from_port: '3',
      to_device_id: 4,
      to_port: 'eth0',
      kind: 'lldp',
      state: 'stale',
    }),
    edge({
      id: 'radio_link:4-5',
      kind: 'radio_link',
      from_device_id: 4,
      to_device_id: 5,
      state: 'down',
      capacity_mbps: 1800,
      from_rssi_dbm: -51,
      to_rssi_dbm: -54,
    }),
  ],
};

function open() {
  installFakeFetch((request) => {
    if (request.method === 'GET' && request.path === '/apiv2/cloud/3/sites/7/topology')
      return jsonResponse(200, TOPOLOGY);
    if (request.path === '/apiv2/navigation/site/7') return jsonResponse(200, NAVIGATION_SITE);
    return jsonResponse(404, { message: 'Not found.' });
  });
  const view = renderListPage(routes.siteTopology.path, TopologyPage, '/v2/cloud/3/site/7/topology');
  act(() => view.queryClient.setQueryData(navigationSiteQueryOptions(7).queryKey, NAVIGATION_SITE));
  return view;
}

const graph = () => screen.getByRole('region', { name: 'Topology graph' });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  vi.useFakeTimers();
  setViewportWidth(1440);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('topology page', () => {
  it('draws every device as a link to its dashboard, and every link between them', async () => {
    open();
    await settle();
    const drawing = graph();
    expect(within(drawing).getByRole('link', { name: 'Core switch' })).toHaveAttribute(
      'href',
      '/site/7/device/2/dashboard',
    );
    for (const name of ['Gateway', 'Lobby AP', 'Tower A', 'Tower B'])
      expect(within(drawing).getByRole('link', { name })).toBeInTheDocument();
    expect(within(drawing).getAllByText('Health: Warning')).toHaveLength(1);
    // One line per link, coloured and dashed by its state.
    expect(drawing.querySelectorAll('.react-flow__edge')).toHaveLength(4);
    expect(drawing.querySelectorAll('.topology-edge-down')).toHaveLength(1);
    expect(drawing.querySelectorAll('.topology-edge-stale')).toHaveLength(1);
    expect(within(drawing).getByText('10 Gb/s')).toBeInTheDocument();
    // The legend says what the colours and dashes mean.
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect(
      within(within(legend).getByRole('list', { name: 'Link states' })).getAllByRole('listitem'),
    ).toHaveLength(3);
  });

  it('highlights the device a search finds', async () => {
    open();
    await settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a device' }), {
      target: { value: 'lobby' },
    });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Devices found: 1');
    const highlighted = graph().querySelectorAll('[data-highlighted]');
    expect(highlighted).toHaveLength(1);
    expect(highlighted[0]).toHaveTextContent('Lobby AP');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a device' }), {
      target: { value: 'nothing' },
    });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('No device matches.');
    expect(graph().querySelectorAll('[data-highlighted]')).toHaveLength(0);
  });

  it('lists the links as a table: from, port, to, port, kind, speed, state; the search narrows it', async () => {
    open();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'List of links' }));
    const table = screen.getByRole('table', { name: 'Links of the site' });
    expect(rowsOf(table)).toEqual([
      ['Gateway', '2', 'Core switch', '8', 'Switch port', '10 Gb/s', 'Up'],
      ['Core switch', '1', 'Lobby AP', 'eth0', 'Switch port', '1 Gb/s', 'Up'],
      ['Core switch', '3', 'Tower A', 'eth0', 'Wired (LLDP)', '–', 'Not reported lately'],
      ['Tower A', '–', 'Tower B', '–', 'Radio link', '1.8 Gb/sSignal -51 dBm / -54 dBm', 'Down'],
    ]);
    expect(within(table).getByRole('link', { name: 'Lobby AP' })).toHaveAttribute(
      'href',
      '/site/7/device/3/dashboard',
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a device' }), {
      target: { value: 'tower b' },
    });
    await settle();
    expect(rowsOf(screen.getByRole('table', { name: 'Links of the site' })).map((row) => row[0])).toEqual([
      'Tower A',
    ]);
  });

  it('opens on the table below 600 px wide', async () => {
    setViewportWidth(375);
    open();
    await settle();
    expect(screen.getByRole('table', { name: 'Links of the site' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Topology graph' })).toBeNull();
    expect(screen.getByRole('button', { name: 'List of links' })).toHaveAttribute('aria-pressed', 'true');
    // Each end's port under its device, and kind, speed and state in one column.
    expect(rowsOf(screen.getByRole('table', { name: 'Links of the site' }))[0]).toEqual([
      'GatewayPort 2',
      'Core switchPort 8',
      'Switch port10 Gb/sUp',
    ]);
  });
});

describe('layoutTopology', () => {
  it('puts every device in the same place whatever order the devices and links come in, upstream on top', () => {
    const one = layoutTopology(TOPOLOGY.nodes, TOPOLOGY.edges);
    const other = layoutTopology([...TOPOLOGY.nodes].reverse(), [...TOPOLOGY.edges].reverse());
    expect([...other.entries()].sort(([a], [b]) => a - b)).toEqual(
      [...one.entries()].sort(([a], [b]) => a - b),
    );
    const y = (id: number) => one.get(id)?.y ?? Number.NaN;
    expect(y(1)).toBeLessThan(y(2));
    expect(y(2)).toBeLessThan(y(3));
    expect(y(4)).toBeLessThan(y(5));
  });
});
