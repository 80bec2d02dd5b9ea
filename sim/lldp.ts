// The wiring of one place (a site), as LLDP tells it (docs/topology.md#lldp): switches are cabled to the
// gateway, and every other device to a switch port (to the gateway where there is no switch). Both ends
// of a cable list each other, by chassis id (the MAC) and port, so the console finds every link twice.
import type { LldpNeighbour } from '../core/fleet/protocol.ts';
import type { Place } from './places.ts';

export type WiredDevice = {
  mac: string;
  type: string;
  /** What it sends as its LLDP system name: its hostname. */
  name: string;
  /** A switch's or gateway's numbered ports; 0 for the rest. */
  ports: number;
  /** A gateway's WAN ports, its first; its LAN ports follow. */
  wanPorts: number;
  /** The far end of a radio link: it stands where the link reaches, cabled to nothing of the site. */
  remote?: boolean;
};

type Cable = { a: WiredDevice; aPort: string; b: WiredDevice; bPort: string };

const members = new WeakMap<Place, WiredDevice[]>();
const cabling = new WeakMap<Place, { count: number; cables: Cable[] }>();

/**
 * Whether a radio is the far end of its link: a subscriber radio, or the end of a point-to-point pair
 * with the higher MAC address. The near ends are cabled to the site's switches.
 */
export function isRemoteEnd(
  role: string | undefined,
  mac: string,
  linkPeers: readonly { mac: string }[],
): boolean {
  if (role === 'subscriber') return true;
  return role === 'ptp' && linkPeers.some((peer) => peer.mac.toLowerCase() < mac.toLowerCase());
}

/** The device is cabled at the place; recorders belong to no site and far ends of radio links stand elsewhere. */
export function joinWiring(place: Place, device: WiredDevice): void {
  if (device.type === 'smartnvr' || device.remote) return;
  const list = members.get(place) ?? [];
  list.push(device);
  members.set(place, list);
}

/** Who is cabled to whom: the same for every device of the place, whatever order they joined in. */
function cablesOf(place: Place): Cable[] {
  const list = members.get(place) ?? [];
  const known = cabling.get(place);
  if (known && known.count === list.length) return known.cables;
  const sorted = [...list].sort((x, y) => (x.mac < y.mac ? -1 : 1));
  const gateway = sorted.find((device) => device.type === 'gateway');
  const switches = sorted.filter((device) => device.type === 'switch' && device.ports > 1);
  const cables: Cable[] = [];
  let gatewayPort = (gateway?.wanPorts ?? 0) + 1;
  const onGateway = (device: WiredDevice, port: string) => {
    if (!gateway || gatewayPort > gateway.ports) return false;
    cables.push({ a: gateway, aPort: String(gatewayPort++), b: device, bPort: port });
    return true;
  };
  // A switch's last port is its uplink: to the gateway while it has LAN ports free, else to the first
  // switch already cabled that has a port free (the first switch is the root where none is).
  const free = new Map(switches.map((device) => [device.mac, 1]));
  const cabled: WiredDevice[] = [];
  for (const device of switches) {
    const uplink = String(device.ports);
    const upstream = cabled.find((candidate) => (free.get(candidate.mac) ?? 1) < candidate.ports);
    cabled.push(device);
    if (onGateway(device, uplink) || !upstream) continue;
    const port = free.get(upstream.mac) ?? 1;
    free.set(upstream.mac, port + 1);
    cables.push({ a: upstream, aPort: String(port), b: device, bPort: uplink });
  }
  let next = 0;
  for (const device of sorted) {
    if (device === gateway || switches.includes(device)) continue;
    // The switches in turn, each while it has a port left before its uplink.
    const open = switches.filter((candidate) => (free.get(candidate.mac) ?? 1) < candidate.ports);
    const target = open[next % Math.max(open.length, 1)];
    next += 1;
    if (target) {
      const port = free.get(target.mac) ?? 1;
      free.set(target.mac, port + 1);
      cables.push({ a: target, aPort: String(port), b: device, bPort: 'eth0' });
    } else onGateway(device, 'eth0');
  }
  cabling.set(place, { count: list.length, cables });
  return cables;
}

/** The LLDP neighbours the device hears: the other end of each of its cables. */
export function lldpOf(place: Place, mac: string): LldpNeighbour[] {
  const heard: LldpNeighbour[] = [];
  for (const { a, aPort, b, bPort } of cablesOf(place)) {
    if (a.mac === mac) heard.push({ localPort: aPort, chassisId: b.mac, portId: bPort, systemName: b.name });
    if (b.mac === mac) heard.push({ localPort: bPort, chassisId: a.mac, portId: aPort, systemName: a.name });
  }
  return heard;
}

/** The device's numbered ports that have a cable in them. */
export function cabledPorts(place: Place, mac: string): Set<number> {
  return new Set(
    lldpOf(place, mac)
      .map((neighbour) => Number(neighbour.localPort))
      .filter(Number.isInteger),
  );
}

/**
 * A port with a cable in it has a link: the device's port plan is brought in line with the place's
 * cabling, at the speed the model's port runs.
 */
export function linkCabledPorts(
  plan: { port: number; sfp: boolean; up: boolean; speedMbps: number; ratedMbps: number }[],
  cabled: ReadonlySet<number>,
): void {
  for (const port of plan) {
    if (port.up || !cabled.has(port.port)) continue;
    port.up = true;
    // The speed the model's port runs at (core/product-hardware.ts).
    port.speedMbps = port.ratedMbps;
  }
}
