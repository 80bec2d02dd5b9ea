// Who a fleet's radios link to (docs/demo.md#hardware): the devices at the other ends of point-to-point and
// point-to-multipoint links and a mesh's peers, within each place (a site). The simulator's devices report
// these links and the demo's seeded alerts name these peers, so both ends of every link are devices of the
// fleet that report each other.
import { productBrand } from '../product-catalogue.ts';
import { type LinkRadio, type ModelHardware, modelHardware } from '../product-hardware.ts';

/** A device of the fleet as the planner needs it: devices of one place may link. */
export type FleetDevice = {
  mac: string;
  sn: string;
  productBrandId: number;
  productType: string;
  place: string;
};

/** A device at the other end of a radio link, or a mesh peer, with the hops from the mesh's PoP. */
export type Peer = { mac: string; productBrandId: number; hops: number };
/** Who a device's radios talk to: its link peers and its mesh peers. */
export type DevicePeers = { links: Peer[]; mesh: Peer[] };
export const NO_PEERS: DevicePeers = { links: [], mesh: [] };

type Planned = { identity: FleetDevice; hardware: ModelHardware };

const bySerial = (a: Planned, b: Planned) => a.identity.sn.localeCompare(b.identity.sn);

/**
 * The radio links of a fleet, within each place: point-to-point radios pair up with the next unpaired radio
 * of their band, in serial-number order; subscriber radios go round the base stations of their band; 60 GHz
 * mesh nodes form a chain from their PoP (the first PoP node, else the first node), as do Wi-Fi mesh units.
 * Both ends of a link know each other; a radio left without a partner reports no link.
 */
export function planRadioLinks(fleet: readonly FleetDevice[]): Map<string, DevicePeers> {
  const plans = new Map<string, DevicePeers>();
  const peersOf = (mac: string) => {
    let peers = plans.get(mac);
    if (!peers) {
      peers = { links: [], mesh: [] };
      plans.set(mac, peers);
    }
    return peers;
  };
  const peer = (planned: Planned, hops = 0): Peer => ({
    mac: planned.identity.mac,
    productBrandId: planned.identity.productBrandId,
    hops,
  });
  const link = (a: Planned, b: Planned) => {
    peersOf(a.identity.mac).links.push(peer(b));
    peersOf(b.identity.mac).links.push(peer(a));
  };
  const places = new Map<string, Planned[]>();
  for (const identity of fleet) {
    const hardware = modelHardware(identity.productBrandId);
    if (!hardware) continue;
    places.set(identity.place, [...(places.get(identity.place) ?? []), { identity, hardware }]);
  }
  for (const devices of places.values()) {
    const sorted = [...devices].sort(bySerial);
    const withRole = (role: LinkRadio['role'], band?: string) =>
      sorted.filter(
        (device) => device.hardware.link?.role === role && (!band || device.hardware.link?.band === band),
      );
    const bands = new Set(sorted.map((device) => device.hardware.link?.band).filter(Boolean) as string[]);
    for (const band of bands) {
      const ptp = withRole('ptp', band);
      for (let index = 0; index + 1 < ptp.length; index += 2)
        link(ptp[index] as Planned, ptp[index + 1] as Planned);
      const bases = withRole('base', band);
      if (bases.length > 0)
        withRole('subscriber', band).forEach((subscriber, index) => {
          link(bases[index % bases.length] as Planned, subscriber);
        });
    }
    const chain = (nodes: Planned[], asLinks: boolean) => {
      nodes.forEach((node, index) => {
        const neighbours = [nodes[index - 1], nodes[index + 1]].filter(Boolean) as Planned[];
        for (const neighbour of neighbours) {
          const hops = nodes.indexOf(neighbour);
          peersOf(node.identity.mac).mesh.push(peer(neighbour, hops));
          if (asLinks && hops > index) link(node, neighbour);
        }
      });
    };
    const sixty = withRole('mesh');
    const pop = sixty.findIndex((node) =>
      productBrand(node.identity.productBrandId)?.productBrandSku.includes('-POP-'),
    );
    if (pop > 0) sixty.unshift(...sixty.splice(pop, 1));
    chain(sixty, true);
    chain(
      sorted.filter((device) => device.identity.productType === 'mesh' && !device.hardware.link),
      false,
    );
  }
  return plans;
}
