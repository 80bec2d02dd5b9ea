import { describe, expect, it } from 'vitest';
import {
  buildEdges,
  LINK_DROP_INTERVALS,
  LINK_STALE_INTERVALS,
  type LldpReport,
  linkReportsOf,
  linkStates,
  type TopologyDevice,
} from './topology.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const INTERVAL_S = 60;
const ago = (intervals: number) => new Date(NOW.getTime() - intervals * INTERVAL_S * 1000);
const options = { now: NOW, intervalS: INTERVAL_S };

const gateway: TopologyDevice = { id: 1, mac: '02:00:00:00:00:01', family: 'gateway', reportedAt: ago(0) };
const sw: TopologyDevice = {
  id: 2,
  mac: '02:00:00:00:00:02',
  family: 'switch',
  reportedAt: ago(0),
  ports: [
    { port: 1, link: true, speedMbps: 1000 },
    { port: 2, link: false, speedMbps: 0 },
    { port: 8, link: true, speedMbps: 10000 },
  ],
};
const ap: TopologyDevice = { id: 3, mac: '02:00:00:00:00:03', family: 'wifi', reportedAt: ago(0) };
const ap2: TopologyDevice = { id: 4, mac: '02:00:00:00:00:04', family: 'wifi', reportedAt: ago(0) };

const lldp = (deviceId: number, localPort: string, chassisId: string, portId: string, at = ago(0)) =>
  ({ deviceId, localPort, chassisId, portId, lastSeenAt: at }) satisfies LldpReport;

describe('buildEdges', () => {
  it('draws an LLDP neighbour that is a device of the site, from the upstream end', () => {
    const edges = buildEdges([gateway, ap], [lldp(3, 'eth0', '02:00:00:00:00:01', '2')], options);
    expect(edges).toEqual([
      {
        id: 'wired:1.2-3.eth0',
        kind: 'lldp',
        from_device_id: 1,
        from_port: '2',
        to_device_id: 3,
        to_port: 'eth0',
        state: 'up',
      },
    ]);
  });

  it('reads a chassis id in any case and with dashes, and skips neighbours that are no device of the site', () => {
    const edges = buildEdges(
      [gateway, ap],
      [lldp(3, 'eth0', '02-00-00-00-00-01'.toUpperCase(), '2'), lldp(3, 'eth1', '02:ff:ff:ff:ff:ff', '9')],
      options,
    );
    expect(edges.map((edge) => edge.id)).toEqual(['wired:1.2-3.eth0']);
  });

  it("makes one edge of both ends' LLDP reports of a link", () => {
    const edges = buildEdges(
      [gateway, ap],
      [lldp(3, 'eth0', gateway.mac, '2', ago(1)), lldp(1, '2', ap.mac, 'eth0')],
      options,
    );
    expect(edges).toHaveLength(1);
    expect(edges[0]).toMatchObject({ from_device_id: 1, to_device_id: 3, state: 'up' });
  });

  it("takes a switch port's link and speed for the link on it", () => {
    const edges = buildEdges(
      [gateway, sw, ap, ap2],
      [
        lldp(2, '1', ap.mac, 'eth0'),
        lldp(3, 'eth0', sw.mac, '1'),
        lldp(4, 'eth0', sw.mac, '2'),
        lldp(2, '8', gateway.mac, '3'),
      ],
      options,
    );
    expect(
      edges.map(({ id, kind, from_port, to_port, state, speed_mbps }) => ({
        id,
        kind,
        from_port,
        to_port,
        state,
        speed_mbps,
      })),
    ).toEqual([
      { id: 'wired:1.3-2.8', kind: 'port', from_port: '3', to_port: '8', state: 'up', speed_mbps: 10000 },
      {
        id: 'wired:2.1-3.eth0',
        kind: 'port',
        from_port: '1',
        to_port: 'eth0',
        state: 'up',
        speed_mbps: 1000,
      },
      // The switch says its port 2 has no link, newer than the access point's own word.
      {
        id: 'wired:2.2-4.eth0',
        kind: 'port',
        from_port: '2',
        to_port: 'eth0',
        state: 'down',
        speed_mbps: undefined,
      },
    ]);
  });

  it('draws a radio link once from both ends, with capacity, band and the signal each end hears', () => {
    const a: TopologyDevice = {
      id: 10,
      mac: '02:00:00:00:01:0a',
      family: 'metrolinq',
      reportedAt: ago(0),
      links: [{ peerMac: '02:00:00:00:01:0B', band: '60', up: true, rssi: -52, capacityMbps: 1800 }],
    };
    const b: TopologyDevice = {
      id: 11,
      mac: '02:00:00:00:01:0b',
      family: 'metrolinq',
      reportedAt: ago(1),
      links: [
        { peerMac: a.mac, band: '60', up: true, rssi: -55, capacityMbps: 1700 },
        { peerMac: '02:ff:ff:ff:ff:ff', band: '5', up: true },
      ],
    };
    expect(buildEdges([a, b], [], options)).toEqual([
      expect.objectContaining({
        id: 'radio_link:10-11',
        kind: 'radio_link',
        from_device_id: 10,
        to_device_id: 11,
        state: 'up',
        capacity_mbps: 1800,
        band: '60',
        from_rssi_dbm: -52,
        to_rssi_dbm: -55,
      }),
    ]);
  });

  it("takes a radio link's state from the newer of its two ends' reports", () => {
    const down = (id: number, mac: string, peerMac: string, up: boolean, at: Date): TopologyDevice => ({
      id,
      mac,
      family: 'ptmp',
      reportedAt: at,
      links: [{ peerMac, band: '5', up }],
    });
    const a = '02:00:00:00:02:01';
    const b = '02:00:00:00:02:02';
    expect(
      buildEdges([down(20, a, b, false, ago(0)), down(21, b, a, true, ago(1))], [], options)[0]?.state,
    ).toBe('down');
    expect(
      buildEdges([down(20, a, b, false, ago(1)), down(21, b, a, true, ago(0))], [], options)[0]?.state,
    ).toBe('up');
  });

  it('draws mesh peers once per pair, one edge with the radio link the same radios report', () => {
    const a: TopologyDevice = {
      id: 30,
      mac: '02:00:00:00:03:01',
      family: 'mesh',
      reportedAt: ago(0),
      meshPeers: [{ mac: '02:00:00:00:03:02', rssi: -60, capacityMbps: 900 }],
    };
    const b: TopologyDevice = {
      id: 31,
      mac: '02:00:00:00:03:02',
      family: 'mesh',
      reportedAt: ago(0),
      meshPeers: [{ mac: a.mac, rssi: -62, capacityMbps: 950 }],
    };
    expect(buildEdges([a, b], [], options)).toEqual([
      expect.objectContaining({
        id: 'radio_link:30-31',
        kind: 'mesh',
        state: 'up',
        capacity_mbps: 950,
        from_rssi_dbm: -60,
        to_rssi_dbm: -62,
      }),
    ]);
    // The same 60 GHz radios also report their link, down now: still one edge, down.
    const linked = { ...a, links: [{ peerMac: b.mac, band: '60', up: false }] };
    expect(buildEdges([linked, b], [], options)).toEqual([
      expect.objectContaining({ id: 'radio_link:30-31', kind: 'mesh', band: '60', state: 'down' }),
    ]);
  });

  it('draws a managed device below the device that manages it, down while it does not answer', () => {
    const manager: TopologyDevice = {
      ...ap,
      managedDevices: [{ mac: gateway.mac, reachable: false }],
    };
    expect(buildEdges([gateway, manager], [], options)).toEqual([
      expect.objectContaining({ kind: 'managed', from_device_id: 3, to_device_id: 1, state: 'down' }),
    ]);
  });

  it('marks a link stale once no report came for three intervals, and forgets one long gone', () => {
    const edges = buildEdges(
      [gateway, ap, ap2],
      [
        lldp(3, 'eth0', gateway.mac, '2', ago(LINK_STALE_INTERVALS - 0.5)),
        lldp(4, 'eth0', gateway.mac, '3', ago(LINK_STALE_INTERVALS + 0.5)),
        lldp(1, '4', ap2.mac, 'eth1', ago(LINK_DROP_INTERVALS + 1)),
      ],
      options,
    );
    // A stale link says when it was last reported.
    expect(edges.map(({ id, state, last_seen_at }) => ({ id, state, last_seen_at }))).toEqual([
      { id: 'wired:1.2-3.eth0', state: 'up', last_seen_at: undefined },
      {
        id: 'wired:1.3-4.eth0',
        state: 'stale',
        last_seen_at: ago(LINK_STALE_INTERVALS + 0.5).toISOString(),
      },
    ]);
  });

  it("marks a silent device's links stale: its last heartbeat is all there is", () => {
    const silent: TopologyDevice = {
      ...sw,
      reportedAt: ago(LINK_STALE_INTERVALS + 1),
    };
    const edges = buildEdges(
      [silent, ap],
      [lldp(2, '1', ap.mac, 'eth0', ago(LINK_STALE_INTERVALS + 1))],
      options,
    );
    expect(edges.map(({ kind, state }) => ({ kind, state }))).toEqual([{ kind: 'port', state: 'stale' }]);
  });

  it('answers the same edges in the same order whatever order the reports come in', () => {
    const reports = [
      lldp(2, '1', ap.mac, 'eth0'),
      lldp(4, 'eth0', sw.mac, '2'),
      lldp(2, '8', gateway.mac, '3'),
    ];
    const one = buildEdges([gateway, sw, ap, ap2], reports, options);
    const other = buildEdges([ap2, ap, sw, gateway], [...reports].reverse(), options);
    expect(other).toEqual(one);
  });
});

describe('linkReportsOf and linkStates', () => {
  const report = {
    ports: [
      { port: 1, link: true, speedMbps: 1000, poeW: 7.5, errors: 0, rxBytes: 10, txBytes: 20 },
      { port: 2, link: false, speedMbps: 0, poeW: 0, errors: 0, rxBytes: 0, txBytes: 0 },
    ],
    links: [{ peerMac: '02-00-00-00-01-0B', band: '60', up: true, rssi: -52, snr: 30, mcs: 9 }],
    meshPeers: [],
  };

  it("keeps only what the topology draws of a heartbeat's links", () => {
    expect(linkReportsOf(report)).toEqual({
      ports: [
        { port: 1, link: true, speedMbps: 1000 },
        { port: 2, link: false, speedMbps: 0 },
      ],
      links: [{ peerMac: '02-00-00-00-01-0B', band: '60', up: true, rssi: -52 }],
    });
    expect(linkReportsOf({})).toEqual({});
  });

  it('changes when a link goes up or down or changes speed, not when its signal moves', () => {
    const states = linkStates(linkReportsOf(report));
    expect(states).toBe('p1:1000 p2:- l02:00:00:00:01:0b:up');
    const port1 = report.ports[0] as (typeof report.ports)[number];
    const moved = { ...report, links: [{ ...report.links[0], rssi: -70 }] } as typeof report;
    expect(linkStates(linkReportsOf(moved))).toBe(states);
    const down = { ...report, ports: [{ ...port1, link: false }, report.ports[1]] } as typeof report;
    expect(linkStates(linkReportsOf(down))).not.toBe(states);
    const slower = { ...report, ports: [{ ...port1, speedMbps: 100 }, report.ports[1]] } as typeof report;
    expect(linkStates(linkReportsOf(slower))).not.toBe(states);
    expect(linkStates({})).toBe('');
  });
});
