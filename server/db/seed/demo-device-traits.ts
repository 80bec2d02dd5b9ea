// What Demo devices are called and how they identify themselves, per product type.
import { configTypeOf } from '../../../core/config/config-type.ts';
import type { ConfigType } from '../../../core/config/document.ts';
import type { ProductType } from '../../../core/domain.ts';
import { FIELD_FIRMWARE, pickFieldFirmware } from '../../../core/fleet/firmware.ts';
import type { ProductBrand } from '../../../core/product-catalogue.ts';
import type { SeededSite } from './demo-sites.ts';
import { type Random, spreadBytes } from './random.ts';

export type DeviceType = Exclude<ProductType, 'smartnvr'>;

/** Firmware in use per product type (version-revision), newest first. */
export const FIRMWARE = FIELD_FIRMWARE;

/** Most devices run the newest firmware. */
export const pickFirmware = (random: Random, type: DeviceType): string => pickFieldFirmware(random, type);

const KINDS: Readonly<Record<DeviceType, { host: string; serial: string; macByte: string }>> = {
  wifi: { host: 'ap', serial: 'WA', macByte: '10' },
  glinq: { host: 'glq', serial: 'GQ', macByte: '11' },
  mesh: { host: 'mesh', serial: 'MS', macByte: '20' },
  ptmp: { host: 'pmp', serial: 'PM', macByte: '30' },
  metrolinq: { host: 'ml', serial: 'ML', macByte: '31' },
  gateway: { host: 'gw', serial: 'GW', macByte: '40' },
  switch: { host: 'sw', serial: 'SW', macByte: '50' },
};

/** MAC address and serial number of the n-th seeded device: distinct for every n. */
export function deviceIdentity(type: DeviceType, counter: number): { mac: string; sn: string } {
  const kind = KINDS[type];
  return {
    mac: ['02', '4c', kind.macByte, ...spreadBytes(counter)].join(':'),
    sn: `${kind.serial}${21_000_000 + counter * 37}`,
  };
}

export function hostname(type: DeviceType, site: SeededSite, n: number): string {
  return `${KINDS[type].host}-${site.code}-${String(n).padStart(2, '0')}`;
}

/** The configuration pages a device uses (docs/navigation.md#navigation-drawer site configuration anchors). */
export function configType(type: DeviceType, brand: ProductBrand): ConfigType {
  return configTypeOf(type, brand.productBrandSku) as ConfigType;
}

const AREAS =
  'Lobby|Reception|Floor 1|Floor 2|Floor 3|Conference|Cafeteria|Open Office|Dock|Storage|Hallway'.split('|');

export function deviceName(type: DeviceType, site: SeededSite, n: number, brand: ProductBrand): string {
  const nn = String(n).padStart(2, '0');
  switch (type) {
    case 'wifi':
      return `${site.label} ${AREAS[(n - 1) % AREAS.length]} AP ${nn}`;
    case 'switch':
      return `${site.label} ${n === 1 ? 'Core' : 'Access'} Switch ${nn}`;
    case 'ptmp':
      return `${site.label} ${isBaseStation(brand) ? 'Base Station' : 'Subscriber'} ${nn}`;
    case 'metrolinq':
      return `${site.label} PtP Link ${Math.ceil(n / 2)}${n % 2 === 1 ? 'A' : 'B'}`;
    case 'mesh':
      return `${site.label} Mesh Node ${nn}`;
    case 'glinq':
      return `${site.label} GLinq ${nn}`;
    case 'gateway':
      return `${site.label} Gateway ${nn}`;
  }
}

export function isBaseStation(brand: ProductBrand): boolean {
  return brand.productBrandSku.includes('-BS-');
}
