// What each model of the product catalogue (core/product-catalogue.ts) has: its radios and their bands, its
// ports (copper and SFP, with PoE and its budget), a gateway's WAN and LAN ports, and a link radio's band,
// width, streams and rated capacity. Read from the model's SKU codes, as its data sheet states them
// (docs/demo.md#hardware); the demo devices and the fleet simulator report what their model has.
import type { ProductType } from './domain.ts';
import type { Phy } from './fleet/phy-rate.ts';
import { productBrand } from './product-catalogue.ts';

/** An access radio, serving clients. */
export type AccessRadio = {
  band: '2.4' | '5' | '6';
  phy: Phy;
  streams: number;
  /** The widest channel the radio takes, in MHz. */
  maxWidthMhz: number;
};

/** The radio of a point-to-point, point-to-multipoint or 60 GHz mesh link. */
export type LinkRadio = {
  band: '5' | '6' | '24' | '60' | '80';
  phy: Phy;
  /** The channel width the link runs on, in MHz. */
  widthMhz: number;
  streams: number;
  /** The highest MCS of the link's PHY. */
  maxMcs: number;
  /** The most the model carries (its rated capacity, bound by its data port), in Mbit/s. */
  capacityMbps: number;
  /** A point-to-point end, a base station, a subscriber radio, or a mesh node. */
  role: 'ptp' | 'base' | 'subscriber' | 'mesh';
};

export type PortSet = {
  /** Copper RJ45 ports, numbered first. */
  copper: number;
  copperSpeedMbps: number;
  /** SFP cages, numbered after the copper ports. */
  sfp: number;
  sfpSpeedMbps: number;
  /** The first this many copper ports give PoE. */
  poePorts: number;
  /** Most a single PoE port gives, in watts (802.3af 15.4, at 30, bt 90). */
  poePortMaxW: number;
  /** What all PoE ports together may draw, in watts; 0 without PoE. */
  poeBudgetW: number;
};

export type ModelHardware = {
  radios: readonly AccessRadio[];
  /** Switch and gateway ports; null for a device with a single uplink port. */
  ports: PortSet | null;
  /** A gateway's WAN uplinks (the first ports) and its LAN ports; 0 for anything else. */
  wanPorts: number;
  lanPorts: number;
  /** A cellular gateway's modem, a WAN uplink of its own besides its ports. */
  cellular: 'LTE' | '5G' | null;
  link: LinkRadio | null;
};

const NONE: ModelHardware = { radios: [], ports: null, wanPorts: 0, lanPorts: 0, cellular: null, link: null };

const streamsOf = (codes: readonly string[]) => {
  const code = codes.find((candidate) => /^\dx\d$/.test(candidate));
  return code ? Number(code[0]) : 2;
};
const has = (codes: readonly string[], code: string) => codes.includes(code);
const numberOf = (code: string | undefined) => Number(/(\d+)/.exec(code ?? '')?.[1] ?? 0);
/** The "1 Gbps" options of link models, in Mbit/s. */
const ratedMbps = (codes: readonly string[]) => {
  const code = codes.find((candidate) => /^\d+G5?$/.test(candidate));
  if (!code) return null;
  return code.endsWith('G5') ? (numberOf(code) + 0.5) * 1000 : numberOf(code) * 1000;
};

/** Wi-Fi radios: 2.4 and 5 GHz on every generation; 6 GHz on 6E and 7. */
function wifiRadios(generation: 'WIFI5' | 'WIFI6' | 'WIFI6E' | 'WIFI7', streams: number): AccessRadio[] {
  const wide = streams >= 4 ? 160 : 80;
  switch (generation) {
    case 'WIFI5':
      return [
        { band: '2.4', phy: 'ht', streams: Math.min(streams, 3), maxWidthMhz: 40 },
        { band: '5', phy: 'vht', streams, maxWidthMhz: wide },
      ];
    case 'WIFI6':
      return [
        { band: '2.4', phy: 'he', streams: Math.min(streams, 4), maxWidthMhz: 40 },
        { band: '5', phy: 'he', streams, maxWidthMhz: wide },
      ];
    case 'WIFI6E':
      return [
        { band: '2.4', phy: 'he', streams: Math.min(streams, 4), maxWidthMhz: 40 },
        { band: '5', phy: 'he', streams, maxWidthMhz: wide },
        { band: '6', phy: 'he', streams, maxWidthMhz: 160 },
      ];
    case 'WIFI7':
      return [
        { band: '2.4', phy: 'eht', streams: 2, maxWidthMhz: 40 },
        { band: '5', phy: 'eht', streams, maxWidthMhz: 160 },
        { band: '6', phy: 'eht', streams, maxWidthMhz: 320 },
      ];
  }
}

/** A 60 GHz link: 802.11ad on one 2.16 GHz channel up to 1 and 2.5 Gbps, 802.11ay bonding two beyond. */
function sixtyGhz(capacityMbps: number, role: LinkRadio['role']): LinkRadio {
  return capacityMbps > 2500
    ? { band: '60', phy: 'edmg', widthMhz: 4320, streams: 2, maxMcs: 12, capacityMbps, role }
    : { band: '60', phy: 'dmg', widthMhz: 2160, streams: 1, maxMcs: 12, capacityMbps, role };
}

function ports(
  copper: number,
  copperSpeedMbps: number,
  poe: 'none' | 'at' | 'bt',
  poeBudgetW: number,
  sfp = 0,
  sfpSpeedMbps = 10_000,
  poePorts = copper,
): PortSet {
  return {
    copper,
    copperSpeedMbps,
    sfp,
    sfpSpeedMbps,
    poePorts: poe === 'none' ? 0 : poePorts,
    poePortMaxW: poe === 'bt' ? 90 : poe === 'at' ? 30 : 0,
    poeBudgetW: poe === 'none' ? 0 : poeBudgetW,
  };
}

// PoE budgets by port count: 802.3at (PoE+) and 802.3bt (high-power) switches.
const AT_BUDGET: Readonly<Record<number, number>> = {
  5: 65,
  8: 120,
  10: 240,
  12: 200,
  16: 240,
  24: 370,
  48: 740,
};
const BT_BUDGET: Readonly<Record<number, number>> = { 8: 240, 16: 420, 24: 720, 48: 1440 };
const poeOf = (code: string | undefined): 'none' | 'at' | 'bt' =>
  code === 'POE-HP' ? 'bt' : code === 'POE' ? 'at' : 'none';
const budgetOf = (poe: 'none' | 'at' | 'bt', copper: number) =>
  poe === 'bt' ? (BT_BUDGET[copper] ?? copper * 30) : poe === 'at' ? (AT_BUDGET[copper] ?? copper * 15) : 0;

function switchPorts(family: string, codes: readonly string[]): PortSet {
  const [size, kind, uplinks] = codes;
  switch (family) {
    case 'SW-AGG':
      // Aggregation switches: every port an SFP cage (SFP+ 10 Gbps or SFP28 25 Gbps).
      return ports(0, 1000, 'none', 0, numberOf(size), kind === 'SFP28' ? 25_000 : 10_000);
    case 'SW-ST': {
      const poe = poeOf(kind);
      const copper = numberOf(size);
      return ports(copper, 1000, poe, budgetOf(poe, copper), 4, uplinks === '4SFP+' ? 10_000 : 1000);
    }
    case 'SW-BT': {
      const copper = numberOf(size);
      return ports(copper, 1000, 'bt', budgetOf('bt', copper));
    }
    case 'SW-MG': {
      const poe = poeOf(kind);
      const copper = numberOf(size);
      return ports(copper, 2500, poe, budgetOf(poe, copper));
    }
    case 'SW-DESK': {
      // Desktop switches: the first half of the ports give PoE.
      const poe = poeOf(kind);
      const copper = numberOf(size);
      return ports(
        copper,
        1000,
        poe,
        poe === 'none' ? 0 : copper === 5 ? 30 : 65,
        0,
        0,
        Math.floor(copper / 2),
      );
    }
    default: {
      const poe = poeOf(kind);
      const copper = numberOf(size);
      return ports(copper, 1000, poe, budgetOf(poe, copper));
    }
  }
}

function gatewayHardware(family: string, codes: readonly string[]): ModelHardware {
  if (family === 'GW-CELL') {
    // A cellular modem and one Ethernet WAN, the other ports LAN.
    const total = numberOf(codes[1]);
    return {
      ...NONE,
      ports: ports(total, 1000, 'none', 0),
      wanPorts: 1,
      lanPorts: total - 1,
      cellular: codes[0] === '5G' ? '5G' : 'LTE',
    };
  }
  if (family === 'GW-SDWAN') {
    const [wan, lan, sfp] = codes[0] === 'S' ? [2, 4, 0] : codes[0] === 'M' ? [2, 8, 2] : [4, 8, 2];
    return { ...NONE, ports: ports(wan + lan, 1000, 'none', 0, sfp), wanPorts: wan, lanPorts: lan + sfp };
  }
  const total = numberOf(codes[1]);
  const wan = total >= 8 ? 2 : 1;
  return {
    ...NONE,
    ports: ports(total, ratedMbps(codes.slice(0, 1)) ?? 1000, 'none', 0),
    wanPorts: wan,
    lanPorts: total - wan,
  };
}

function linkHardware(family: string, codes: readonly string[]): LinkRadio | null {
  const rated = ratedMbps(codes);
  switch (family) {
    case 'PMP-5-BS':
      return { band: '5', phy: 'he', widthMhz: 80, streams: 2, maxMcs: 11, capacityMbps: 1000, role: 'base' };
    case 'PMP-5-CPE':
      return {
        band: '5',
        phy: 'he',
        widthMhz: 80,
        streams: 2,
        maxMcs: 11,
        capacityMbps: 1000,
        role: 'subscriber',
      };
    case 'PMP-6-BS':
      return {
        band: '6',
        phy: 'he',
        widthMhz: 160,
        streams: 2,
        maxMcs: 11,
        capacityMbps: 2000,
        role: 'base',
      };
    case 'PMP-6-CPE':
      return {
        band: '6',
        phy: 'he',
        widthMhz: 160,
        streams: 2,
        maxMcs: 11,
        capacityMbps: 2000,
        role: 'subscriber',
      };
    case 'PMP-60-BS':
      return sixtyGhz(rated ?? 1000, 'base');
    case 'PMP-60-CPE':
      return sixtyGhz(rated ?? 1000, 'subscriber');
    case 'MESH-60':
      return sixtyGhz(rated ?? 1000, 'mesh');
    case 'ML-60-PTP':
    case 'ML-60-5-PTP':
      return sixtyGhz(rated ?? 1000, 'ptp');
    case 'ML-5-PTP':
      return rated && rated > 1000
        ? { band: '5', phy: 'he', widthMhz: 160, streams: 2, maxMcs: 11, capacityMbps: rated, role: 'ptp' }
        : { band: '5', phy: 'he', widthMhz: 80, streams: 2, maxMcs: 11, capacityMbps: 1000, role: 'ptp' };
    case 'ML-80-PTP':
      // E-band: 2 GHz channels, both polarisations from 10 Gbps.
      return {
        band: '80',
        phy: 'sc',
        widthMhz: rated && rated > 1000 ? 2000 : 500,
        streams: rated && rated > 1000 ? 2 : 1,
        maxMcs: rated && rated > 10_000 ? 13 : 9,
        capacityMbps: rated ?? 1000,
        role: 'ptp',
      };
    case 'ML-24-PTP':
      return {
        band: '24',
        phy: 'sc',
        widthMhz: 250,
        streams: 2,
        maxMcs: 11,
        capacityMbps: rated ?? 1000,
        role: 'ptp',
      };
    default:
      return null;
  }
}

/** The family part of a SKU: the catalogue's family codes, longest first so "ML-60-5-PTP" beats "ML-60". */
const FAMILY_SKUS = [
  'AP-WIFI6-PRO',
  'AP-WIFI6E',
  'AP-WIFI5',
  'AP-WIFI6',
  'AP-WIFI7',
  'AP-SEC',
  'PMP-5-BS',
  'PMP-5-CPE',
  'PMP-6-BS',
  'PMP-6-CPE',
  'PMP-60-BS',
  'PMP-60-CPE',
  'MESH-60',
  'MESH-WIFI',
  'GW-CELL',
  'GW-SDWAN',
  'GW',
  'SW-MG',
  'SW-AGG',
  'SW-IND',
  'SW-L3',
  'SW-ST',
  'SW-DESK',
  'SW-BT',
  'SW',
  'ML-60-5-PTP',
  'ML-60-PTP',
  'ML-5-PTP',
  'ML-80-PTP',
  'ML-24-PTP',
  'GLQ',
  'SNVR',
];

function splitSku(sku: string): { family: string; codes: string[] } {
  const family = FAMILY_SKUS.find((candidate) => sku.startsWith(`${candidate}-`)) ?? '';
  return {
    family,
    codes: sku
      .slice(family.length + 1)
      .split('-')
      .filter(Boolean)
      .map(joinHp),
  };
}
// "POE-HP" is one option code that the SKU's dashes split in two.
function joinHp(code: string, index: number, all: string[]): string {
  return code === 'POE' && all[index + 1] === 'HP' ? 'POE-HP' : code;
}

export function hardwareOfSku(type: ProductType, sku: string): ModelHardware {
  const { family, codes: raw } = splitSku(sku);
  const codes = raw.filter((code) => code !== 'HP');
  switch (type) {
    case 'wifi': {
      const streams = streamsOf(codes);
      if (family === 'AP-SEC') {
        // Sector access points: one 5 GHz radio behind the sector antenna.
        const generation = codes[0] === 'WIFI6' ? 'he' : 'vht';
        return { ...NONE, radios: [{ band: '5', phy: generation, streams: 2, maxWidthMhz: 80 }] };
      }
      const generation =
        family === 'AP-WIFI5'
          ? 'WIFI5'
          : family === 'AP-WIFI6E'
            ? 'WIFI6E'
            : family === 'AP-WIFI7'
              ? 'WIFI7'
              : 'WIFI6';
      return { ...NONE, radios: wifiRadios(generation, streams) };
    }
    case 'glinq':
      return { ...NONE, radios: wifiRadios(has(codes, 'WIFI6E') ? 'WIFI6E' : 'WIFI6', streamsOf(codes)) };
    case 'mesh':
      return family === 'MESH-60'
        ? { ...NONE, link: linkHardware(family, codes) }
        : { ...NONE, radios: wifiRadios(has(codes, 'WIFI6E') ? 'WIFI6E' : 'WIFI6', 2) };
    case 'ptmp':
    case 'metrolinq':
      return { ...NONE, link: linkHardware(family, codes) };
    case 'switch':
      return { ...NONE, ports: switchPorts(family, codes) };
    case 'gateway':
      return gatewayHardware(family, codes);
    case 'smartnvr':
      return NONE;
  }
}

const CACHE = new Map<number, ModelHardware>();

/** The hardware of a catalogue model; undefined for an unknown id. */
export function modelHardware(productBrandId: number): ModelHardware | undefined {
  const known = CACHE.get(productBrandId);
  if (known) return known;
  const brand = productBrand(productBrandId);
  if (!brand) return undefined;
  const hardware = hardwareOfSku(brand.productType, brand.productBrandSku);
  CACHE.set(productBrandId, hardware);
  return hardware;
}

/** Every port a model has, copper then SFP. */
export const portCount = (set: PortSet) => set.copper + set.sfp;
