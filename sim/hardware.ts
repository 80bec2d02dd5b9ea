// What a simulated device's model has (core/product-hardware.ts), as its heartbeats report it: its radios and
// bands, its ports with a PoE draw of their own within the model's budget, a gateway's WAN and LAN ports,
// and its radio links to the devices at their other ends (docs/demo.md#hardware).
import { BAND_CHANNELS } from '../core/fleet/channels.ts';
import { maxMcsOf, minMcsOf, type Phy, phyRateMbps } from '../core/fleet/phy-rate.ts';
import type { Radio, RadioLink, SwitchPort } from '../core/fleet/protocol.ts';
import { type LinkRadio, type ModelHardware, portCount } from '../core/product-hardware.ts';
import type { Random } from './random.ts';

/** The 6 GHz preferred scanning channels up to 197: where access points put their 6 GHz radio. */
export const PSC_6GHZ = BAND_CHANNELS['6'].filter((channel) => channel % 16 === 5 && channel <= 197);

/** The access radios a model has, on channels and widths of their band. */
export function accessRadios(hardware: ModelHardware, random: Random): Radio[] {
  return hardware.radios.map((radio) => ({
    band: radio.band,
    channel:
      radio.band === '5'
        ? random.pick([36, 40, 44, 48, 149, 153, 157, 161])
        : radio.band === '6'
          ? random.pick(PSC_6GHZ)
          : random.pick([1, 6, 11]),
    widthMhz: (radio.band === '2.4' ? 20 : Math.min(radio.maxWidthMhz, 160)) as Radio['widthMhz'],
    txPowerDbm: random.int(14, 23),
    noiseDbm: radio.band === '2.4' ? -95 : -100,
    utilPct: random.int(5, 40),
  }));
}

/** The channels a radio of this band may move to: 6 GHz radios stay on the preferred scanning channels. */
export const channelChoices = (band: Radio['band']) => (band === '6' ? PSC_6GHZ : BAND_CHANNELS[band]);

// --- Ports ------------------------------------------------------------------------------------------------

type PortPlan = {
  port: number;
  sfp: boolean;
  up: boolean;
  speedMbps: number;
  /** The speed the model's port runs at when linked. */
  ratedMbps: number;
  poeW: number;
};

/** What stands behind a PoE port, and what it draws (W): access points, cameras, phones. */
const POWERED: readonly (readonly [low: number, high: number])[] = [
  [6, 13],
  [9, 21],
  [3, 6],
  [4, 9],
];

/**
 * The model's ports as cabled at the site: which are up, at what speed, and what each powered device draws.
 * Draws differ from port to port and together stay within 85% of the model's PoE budget.
 */
export function planPorts(hardware: ModelHardware, random: Random): PortPlan[] {
  const set = hardware.ports;
  if (!set) return [];
  const gateway = hardware.wanPorts > 0;
  const ports = Array.from({ length: portCount(set) }, (_, index): PortPlan => {
    const sfp = index >= set.copper;
    const wan = gateway && index < hardware.wanPorts;
    const up = wan ? index === 0 || random.chance(0.8) : random.chance(sfp ? 0.5 : 0.75);
    const speedMbps = !up
      ? 0
      : sfp
        ? set.sfpSpeedMbps
        : random.chance(0.12)
          ? Math.min(100, set.copperSpeedMbps)
          : set.copperSpeedMbps;
    const powered = !sfp && up && index < set.poePorts && random.chance(0.8);
    const [low, high] = random.pick(POWERED) as readonly [number, number];
    const poeW = powered ? Math.min(set.poePortMaxW, low + random.next() * (high - low)) : 0;
    const ratedMbps = sfp ? set.sfpSpeedMbps : set.copperSpeedMbps;
    return { port: index + 1, sfp, up, speedMbps, ratedMbps, poeW };
  });
  const total = ports.reduce((sum, port) => sum + port.poeW, 0);
  const ceiling = set.poeBudgetW * 0.85;
  if (total > ceiling) for (const port of ports) port.poeW *= ceiling / total;
  return ports;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * One heartbeat's ports: each powered port's draw wanders a little around its own; `over` draws past the
 * budget (a PoE overload the console alerts on). Returns the ports and their total draw.
 */
export function portReadings(
  plan: readonly PortPlan[],
  budgetW: number,
  over: boolean,
  random: Random,
): { ports: SwitchPort[]; drawW: number } {
  const draws = plan.map((port) => (port.poeW > 0 ? port.poeW * (0.95 + random.next() * 0.1) : 0));
  const sum = draws.reduce((a, b) => a + b, 0);
  const scale = over && sum > 0 ? (budgetW * 1.08) / sum : sum > budgetW ? (budgetW * 0.98) / sum : 1;
  const ports = plan.map((port, index) => ({
    port: port.port,
    link: port.up,
    speedMbps: port.speedMbps,
    poeW: Math.min(100, tenth((draws[index] as number) * scale)),
    errors: port.up && random.chance(0.02) ? random.int(1, 20) : 0,
    rxBytes: port.up ? random.int(1e5, 5e8) : 0,
    txBytes: port.up ? random.int(1e5, 5e8) : 0,
  }));
  return { ports, drawW: tenth(ports.reduce((total, port) => total + port.poeW, 0)) };
}

// --- Radio links ------------------------------------------------------------------------------------------

/** The link two models make: the narrower width, fewer streams, lower MCS and capacity of the two. */
export function commonLink(own: LinkRadio, peer: LinkRadio | null | undefined): LinkRadio {
  if (!peer || peer.band !== own.band) return own;
  const phy: Phy = own.phy === peer.phy ? own.phy : own.phy === 'dmg' || peer.phy === 'dmg' ? 'dmg' : own.phy;
  return {
    ...own,
    phy,
    widthMhz: phy === 'dmg' ? 2160 : Math.min(own.widthMhz, peer.widthMhz),
    streams: phy === 'dmg' ? 1 : Math.min(own.streams, peer.streams),
    maxMcs: Math.min(own.maxMcs, peer.maxMcs, maxMcsOf(phy)),
    capacityMbps: Math.min(own.capacityMbps, peer.capacityMbps),
  };
}

/** The highest MCS a signal-to-noise ratio carries: about 3 dB a step, from 5 dB for the lowest. */
export function mcsForSnr(phy: Phy, snr: number, maxMcs: number): number {
  const lowest = minMcsOf(phy);
  return Math.max(lowest, Math.min(maxMcs, lowest + Math.floor((snr - 5) / 3)));
}

/** Share of the PHY rate a link carries as payload: Wi-Fi-based links lose more to their MAC. */
const EFFICIENCY: Readonly<Record<Phy, number>> = {
  ht: 0.65,
  vht: 0.68,
  he: 0.72,
  eht: 0.74,
  dmg: 0.8,
  edmg: 0.8,
  sc: 0.9,
};

/** One heartbeat's reading of a link that is up: its signal, MCS and the capacity that MCS allows. */
export function linkReading(
  link: LinkRadio,
  snr: number,
  random: Random,
): Pick<RadioLink, 'rssi' | 'snr' | 'mcs' | 'capacityMbps'> {
  const mcs = mcsForSnr(link.phy, snr, link.maxMcs);
  const phy = phyRateMbps({ phy: link.phy, widthMhz: link.widthMhz, mcs, streams: link.streams });
  const payload = phy * EFFICIENCY[link.phy] * (0.96 + random.next() * 0.04);
  // A link faster than its data port carries what the port does.
  const capacityMbps = Math.floor(Math.min(payload, link.capacityMbps * (0.93 + random.next() * 0.05)));
  const noise = link.band === '60' || link.band === '80' ? -78 : -95;
  return { rssi: Math.round(noise + snr), snr, mcs, capacityMbps };
}

/** The 5 GHz backhaul between Wi-Fi mesh units. */
export const WIFI_MESH_BACKHAUL: LinkRadio = {
  band: '5',
  phy: 'he',
  widthMhz: 80,
  streams: 2,
  maxMcs: 11,
  capacityMbps: 1000,
  role: 'mesh',
};
