// @vitest-environment happy-dom
// docs/topology.md: the topology draws the site's devices and links as a graph or a table of links, and its
// search highlights a device.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { Topology, TopologyEdge, TopologyModel, TopologyNode } from '../../../../core/api/topology.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { NAVIGATION_SITE } from '../../../test-utils/navigation-site.ts';
import { renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { navigationSiteQueryOptions } from '../../navigation/index.ts';
import { layoutTopology, type Place } from '../components/layout.ts';
import { TopologyPage } from './topology-page.tsx';

const MODELS: TopologyModel[] = [
  { name: 'Managed Switch 8-Port Gigabit', family: 'switch' },
  { name: 'Gateway 1 Gbps 4-Port', family: 'gateway' },
  { name: 'Wi-Fi 6 Access Point 2x2 Indoor', family: 'wifi' },
  { name: null, family: 'metrolinq' },
];
const node = (id: number, name: string, fields: Partial<TopologyNode> = {}): TopologyNode => ({
  id,
  name,
  model: 0,
  health_id: 'HEALTH_NORMAL',
  ...fields,
});
const edge = (fields: Partial<TopologyEdge> & Pick<TopologyEdge, 'id' | 'from_device_id' | 'to_device_id'>) =>
  ({ kind: 'port', state: 'up', ...fields }) satisfies TopologyEdge;

const TOPOLOGY: Topology = {
  site: { id: 7, name: 'Harbour' },
  heartbeat_interval_s: 60,
  models: MODELS,
  nodes: [
    node(1, 'Gateway', { model: 1 }),
    node(2, 'Core switch', { health_id: 'HEALTH_WARNING' }),
    node(3, 'Lobby AP', { model: 2 }),
    node(4, 'Tower A', { model: 3 }),
    node(5, 'Tower B', { model: 3, health_id: 'HEALTH_CRITICAL' }),
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
      last_seen_at: '2026-11-24T11:55:00Z',
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

/** A device of the large site linked to nothing. */
const LOOSE = 200;
/** A gateway, 4 switches under it and 120 access points, 30 on each switch; and one device on its own. */
function largeSite(): Topology {
  const aps = Array.from({ length: 120 }, (_, index) => index + 10);
  const switchOf = (ap: number) => 2 + ((ap - 10) % 4);
  return {
    ...TOPOLOGY,
    nodes: [
      node(1, 'Gateway', { model: 1 }),
      ...[2, 3, 4, 5].map((id) => node(id, `Switch ${id}`)),
      ...aps.map((id) => node(id, `Access point ${id}`, { model: 2 })),
      node(LOOSE, 'Spare access point', { model: 2 }),
    ],
    edges: [
      ...[2, 3, 4, 5].map((id) =>
        edge({ id: `wired:1.${id}-${id}.25`, from_device_id: 1, from_port: String(id), to_device_id: id }),
      ),
      ...aps.map((id) =>
        edge({
          id: `wired:${switchOf(id)}.${id}-${id}.eth0`,
          from_device_id: switchOf(id),
          to_device_id: id,
        }),
      ),
    ],
  };
}

function open(topology: Topology = TOPOLOGY) {
  installFakeFetch((request) => {
    if (request.method === 'GET' && request.path === '/apiv2/cloud/3/sites/7/topology')
      return jsonResponse(200, topology);
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

/** happy-dom lays nothing out: the graph's pane is given the size a browser would give it. */
const PANE = { width: 1000, height: 560 };

beforeEach(() => {
  vi.useFakeTimers();
  setViewportWidth(1440);
  for (const [axis, size] of [
    ['Width', PANE.width],
    ['Height', PANE.height],
  ] as const) {
    vi.spyOn(HTMLElement.prototype, `offset${axis}`, 'get').mockReturnValue(size);
    vi.spyOn(HTMLElement.prototype, `client${axis}`, 'get').mockReturnValue(size);
  }
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

  it('draws only what is in view, and a search brings a device into view and highlights it', async () => {
    open(largeSite());
    await settle();
    const drawing = graph();
    // The view opens on the top of the drawing; a switch's last access point is far below it.
    expect(within(drawing).getByRole('link', { name: 'Gateway' })).toBeInTheDocument();
    expect(within(drawing).queryByRole('link', { name: 'Access point 129' })).toBeNull();
    expect(drawing.querySelectorAll('.react-flow__node').length).toBeLessThan(largeSite().nodes.length);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a device' }), {
      target: { value: 'point 129' },
    });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Devices found: 1');
    const highlighted = graph().querySelectorAll('[data-highlighted]');
    expect(highlighted).toHaveLength(1);
    expect(highlighted[0]).toHaveTextContent('Access point 129');
  });

  it('lists the links as a table: from, port, to, port, kind, speed, state; the search narrows it', async () => {
    open();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'List of links' }));
    const table = screen.getByRole('table', { name: 'Links of the site' });
    expect(rowsOf(table)).toEqual([
      ['Gateway', '2', 'Core switch', '8', 'Switch port', '10 Gb/s', 'Up'],
      ['Core switch', '1', 'Lobby AP', 'eth0', 'Switch port', '1 Gb/s', 'Up'],
      // A stale link says when it was last reported.
      [
        'Core switch',
        '3',
        'Tower A',
        'eth0',
        'Wired (LLDP)',
        '–',
        expect.stringMatching(/^Not reported latelyLast reported .*2026/),
      ],
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

describe('topology page on a large site', () => {
  it('lists the links a page at a time', async () => {
    setViewportWidth(375);
    const site = largeSite();
    open(site);
    await settle();
    const table = () => screen.getByRole('table', { name: 'Links of the site' });
    expect(rowsOf(table())).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.getByText(`1–${LIST_PAGE_SIZE} of ${site.edges.length}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(rowsOf(table())[0]?.[0]).toBe(
      site.nodes.find((node) => node.id === site.edges[LIST_PAGE_SIZE]?.from_device_id)?.name,
    );
  });
});

describe('layoutTopology', () => {
  const laidOut = (nodes: readonly TopologyNode[], edges: readonly TopologyEdge[]) =>
    layoutTopology(
      nodes.map((one) => ({ id: one.id, family: MODELS[one.model]?.family ?? '' })),
      edges,
    );
  const sorted = (places: Map<number, Place>) => [...places.entries()].sort(([a], [b]) => a - b);

  it('puts every device in the same place whatever order the devices and links come in, upstream on top', () => {
    const one = laidOut(TOPOLOGY.nodes, TOPOLOGY.edges).places;
    const other = laidOut([...TOPOLOGY.nodes].reverse(), [...TOPOLOGY.edges].reverse()).places;
    expect(sorted(other)).toEqual(sorted(one));
    const y = (id: number) => one.get(id)?.y ?? Number.NaN;
    expect(y(1)).toBeLessThan(y(2));
    expect(y(2)).toBeLessThan(y(3));
    expect(y(4)).toBeLessThan(y(5));
  });

  it("folds a large site's leaves into a column under their device, the same at every refresh", () => {
    const site = largeSite();
    const one = laidOut(site.nodes, site.edges);
    const other = laidOut([...site.nodes].reverse(), [...site.edges].reverse());
    expect(sorted(other.places)).toEqual(sorted(one.places));
    const place = (id: number) => one.places.get(id) as Place;
    // The gateway on top, the switches a rank below, each switch's access points in a column under it.
    expect(place(2).y).toBeGreaterThan(place(1).y);
    expect(one.folded.get(10)).toBe(2);
    expect(place(10).x).toBeGreaterThan(place(2).x);
    expect(place(14).x).toBe(place(10).x);
    expect(place(14).y).toBeGreaterThan(place(10).y);
    // A device linked to nothing is drawn under the rest.
    const bottom = Math.max(...site.nodes.filter((one) => one.id !== LOOSE).map((one) => place(one.id).y));
    expect(place(LOOSE).y).toBeGreaterThan(bottom);
  });
});
