// A site's links as its devices report them (docs/topology.md#edges): one edge per physical link, whichever
// end reported it and however many times, with its state from the newest report.
import type { LinkState, TopologyEdge, TopologyEdgeKind } from './api/topology.ts';

/** A link no report mentioned for this many heartbeat intervals is stale, drawn dashed. */
export const LINK_STALE_INTERVALS = 3;
/** A report older than this many heartbeat intervals (an hour at the default 60 s) is forgotten. */
export const LINK_DROP_INTERVALS = 60;

/**
 * The parts of a heartbeat that name links (docs/topology.md#link-reports), and of those only what the
 * topology draws: a heartbeat's ports without their counters, its radio links without their SNR and MCS.
 */
export type LinkReports = {
  ports?: readonly { port: number; link: boolean; speedMbps: number }[];
  links?: readonly {
    peerMac: string;
    band: string;
    up: boolean;
    rssi?: number;
    capacityMbps?: number;
  }[];
  meshPeers?: readonly { mac: string; rssi: number; capacityMbps: number }[];
  managedDevices?: readonly { mac: string; reachable: boolean }[];
};

/** A device of the site with the links its latest heartbeat reports. */
export type TopologyDevice = LinkReports & {
  id: number;
  mac: string;
  family: string;
  /** When its latest heartbeat came; null for a device that never sent one. */
  reportedAt: Date | null;
};

/** What a heartbeat (or any report of the same shape) says of links, field by field, nothing else. */
export function linkReportsOf(report: LinkReports): LinkReports {
  const reports: {
    -readonly [K in keyof LinkReports]: LinkReports[K];
  } = {};
  if (report.ports?.length)
    reports.ports = report.ports.map(({ port, link, speedMbps }) => ({ port, link, speedMbps }));
  if (report.links?.length)
    reports.links = report.links.map(({ peerMac, band, up, rssi, capacityMbps }) => ({
      peerMac,
      band,
      up,
      ...(rssi === undefined ? {} : { rssi }),
      ...(capacityMbps === undefined ? {} : { capacityMbps }),
    }));
  if (report.meshPeers?.length)
    reports.meshPeers = report.meshPeers.map(({ mac, rssi, capacityMbps }) => ({ mac, rssi, capacityMbps }));
  if (report.managedDevices?.length)
    reports.managedDevices = report.managedDevices.map(({ mac, reachable }) => ({ mac, reachable }));
  return reports;
}

/**
 * Which links a report names and whether each is up, in one word: two reports with the same words draw
 * the same lines in the same colours (a port's speed included, the label of its line); signal and
 * capacity, which move at every heartbeat, are left out. Empty for a report that names no link.
 */
export function linkStates(reports: LinkReports): string {
  return [
    ...(reports.ports ?? []).map((port) => `p${port.port}:${port.link ? port.speedMbps : '-'}`),
    ...(reports.links ?? []).map((link) => `l${normaliseMac(link.peerMac)}:${link.up ? 'up' : '-'}`),
    ...(reports.meshPeers ?? []).map((peer) => `m${normaliseMac(peer.mac)}`),
    ...(reports.managedDevices ?? []).map(
      (managed) => `d${normaliseMac(managed.mac)}:${managed.reachable ? 'up' : '-'}`,
    ),
  ].join(' ');
}

/** An LLDP neighbour a device reported, with when it last reported it. */
export type LldpReport = {
  deviceId: number;
  localPort: string;
  chassisId: string;
  portId: string;
  lastSeenAt: Date;
};

/** One end's word on a link: when, and up or down where the report says (LLDP only says it is there). */
type Report = { at: Date; up: boolean | null };

type Draft = {
  kind: TopologyEdgeKind;
  ends: [End, End];
  reports: Report[];
  speedMbps: number | null;
  capacityMbps: number | null;
  band: string | null;
  rssi: Map<number, number>;
};
type End = { deviceId: number; port: string | null };

/** Gateways first, then switches, radios and the rest: the side a link is drawn from. */
const RANK: Record<string, number> = { gateway: 0, switch: 1, ptmp: 2, metrolinq: 2, mesh: 2 };

/** Chassis ids and MACs as one spelling: lower case, colon-separated. */
export const normaliseMac = (mac: string) => mac.trim().toLowerCase().replaceAll('-', ':');

/** The state of a link from its reports: stale without a recent one, else as the newest that says. */
export function linkState(reports: readonly Report[], now: Date, intervalS: number): LinkState {
  const freshAfter = now.getTime() - LINK_STALE_INTERVALS * intervalS * 1000;
  const fresh = reports.filter((report) => report.at.getTime() >= freshAfter);
  if (fresh.length === 0) return 'stale';
  const saying = fresh.filter((report) => report.up !== null).sort((a, b) => b.at.getTime() - a.at.getTime());
  const newest = saying[0];
  return newest === undefined || newest.up ? 'up' : 'down';
}

export function buildEdges(
  devices: readonly TopologyDevice[],
  lldp: readonly LldpReport[],
  options: { now: Date; intervalS: number },
): TopologyEdge[] {
  const dropBefore = options.now.getTime() - LINK_DROP_INTERVALS * options.intervalS * 1000;
  const known = (at: Date | null): at is Date => at !== null && at.getTime() >= dropBefore;
  const byId = new Map(devices.map((device) => [device.id, device]));
  const byMac = new Map(devices.map((device) => [normaliseMac(device.mac), device]));
  const rank = (id: number) => RANK[byId.get(id)?.family ?? ''] ?? 3;
  /** The two ends in the order the link is drawn: upstream family first, then the lower id. */
  const ordered = (a: End, b: End): [End, End] =>
    (rank(a.deviceId) - rank(b.deviceId) || a.deviceId - b.deviceId) <= 0 ? [a, b] : [b, a];
  const drafts = new Map<string, Draft>();
  /** A cable is one per pair of ports; a radio link and a mesh peer between two devices are one radio. */
  const family = (kind: TopologyEdgeKind) =>
    kind === 'port' || kind === 'lldp' ? 'wired' : kind === 'mesh' ? 'radio_link' : kind;
  function draft(kind: TopologyEdgeKind, a: End, b: End): Draft {
    const ends = ordered(a, b);
    const wired = family(kind) === 'wired';
    const id = `${family(kind)}:${ends.map((end) => (wired ? `${end.deviceId}.${end.port}` : end.deviceId)).join('-')}`;
    let found = drafts.get(id);
    if (!found) {
      found = { kind, ends, reports: [], speedMbps: null, capacityMbps: null, band: null, rssi: new Map() };
      drafts.set(id, found);
    }
    if (kind === 'mesh') found.kind = 'mesh';
    return found;
  }

  // Wired links: each LLDP neighbour that is a device of the site, from either end.
  for (const row of lldp) {
    if (!known(row.lastSeenAt)) continue;
    const neighbour = byMac.get(normaliseMac(row.chassisId));
    if (!neighbour || neighbour.id === row.deviceId || !byId.has(row.deviceId)) continue;
    draft(
      'lldp',
      { deviceId: row.deviceId, port: row.localPort },
      { deviceId: neighbour.id, port: row.portId },
    ).reports.push({ at: row.lastSeenAt, up: null });
  }
  // A wired link on a switch port the switch reports: the port's link and speed are the link's.
  for (const wired of drafts.values()) {
    for (const end of wired.ends) {
      const device = byId.get(end.deviceId);
      const port = device?.ports?.find((candidate) => String(candidate.port) === end.port);
      if (!device || !port || !known(device.reportedAt)) continue;
      wired.kind = 'port';
      wired.reports.push({ at: device.reportedAt, up: port.link });
      if (port.link && port.speedMbps > 0) wired.speedMbps = Math.max(wired.speedMbps ?? 0, port.speedMbps);
    }
  }

  for (const device of devices) {
    const at = device.reportedAt;
    if (!known(at)) continue;
    const peerOf = (mac: string) => {
      const peer = byMac.get(normaliseMac(mac));
      return peer && peer.id !== device.id ? peer : null;
    };
    const self: End = { deviceId: device.id, port: null };
    for (const link of device.links ?? []) {
      const peer = peerOf(link.peerMac);
      if (!peer) continue;
      const radio = draft('radio_link', self, { deviceId: peer.id, port: null });
      radio.reports.push({ at, up: link.up });
      radio.band ??= link.band;
      if (link.up && link.capacityMbps !== undefined)
        radio.capacityMbps = Math.max(radio.capacityMbps ?? 0, link.capacityMbps);
      if (link.up && link.rssi !== undefined) radio.rssi.set(device.id, link.rssi);
    }
    for (const mesh of device.meshPeers ?? []) {
      const peer = peerOf(mesh.mac);
      if (!peer) continue;
      // A mesh peer is there while listed; a radio link the same radios report says up or down.
      const edge = draft('mesh', self, { deviceId: peer.id, port: null });
      edge.reports.push({ at, up: null });
      edge.capacityMbps = Math.max(edge.capacityMbps ?? 0, mesh.capacityMbps);
      edge.rssi.set(device.id, mesh.rssi);
    }
    for (const managed of device.managedDevices ?? []) {
      const peer = peerOf(managed.mac);
      if (!peer) continue;
      // The manager is drawn above what it manages, whatever their families.
      const edge = draft('managed', self, { deviceId: peer.id, port: null });
      edge.ends = [self, { deviceId: peer.id, port: null }];
      edge.reports.push({ at, up: managed.reachable });
    }
  }

  return [...drafts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, edge]): TopologyEdge => {
      const [from, to] = edge.ends;
      const state = linkState(edge.reports, options.now, options.intervalS);
      const drawn: TopologyEdge = {
        id,
        kind: edge.kind,
        from_device_id: from.deviceId,
        to_device_id: to.deviceId,
        state,
      };
      // Only what some report gives: an answer of a thousand links carries no empty fields.
      if (from.port !== null) drawn.from_port = from.port;
      if (to.port !== null) drawn.to_port = to.port;
      if (edge.speedMbps !== null) drawn.speed_mbps = edge.speedMbps;
      if (edge.capacityMbps !== null) drawn.capacity_mbps = edge.capacityMbps;
      if (edge.band !== null) drawn.band = edge.band;
      const fromRssi = edge.rssi.get(from.deviceId);
      const toRssi = edge.rssi.get(to.deviceId);
      if (fromRssi !== undefined) drawn.from_rssi_dbm = fromRssi;
      if (toRssi !== undefined) drawn.to_rssi_dbm = toRssi;
      if (state === 'stale') {
        const newest = Math.max(...edge.reports.map((report) => report.at.getTime()));
        drawn.last_seen_at = new Date(newest).toISOString();
      }
      return drawn;
    });
}
