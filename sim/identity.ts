// Who a simulated device is: the identity it calls home with, and where it stands (for roaming clients).
import type { ProductType } from '../core/domain.ts';
import { type ProductBrand, productBrand, productBrandsOfType } from '../core/product-catalogue.ts';
import { modelHardware } from '../core/product-hardware.ts';
import { createRandom } from './random.ts';

export type DeviceIdentity = {
  sn: string;
  mac: string;
  productBrandId: number;
  productType: ProductType;
  /** Devices with the same place share wireless clients that roam between them. */
  place: string;
  /** The cloud's onboarding key, entered on the device or delivered by provisioning (docs/agent-protocol.md). */
  onboardingKey?: string;
  /** The versions it runs and its host name, when the console already knows them. */
  fw?: string;
  mgmtdVersion?: string;
  hostname?: string;
};

/** The families a generated fleet cycles through, the most common first. */
const FAMILY_MIX: readonly ProductType[] = [
  'wifi',
  'wifi',
  'wifi',
  'switch',
  'ptmp',
  'metrolinq',
  'wifi',
  'mesh',
  'gateway',
  'glinq',
];

const hex = (value: number, bytes: number) =>
  Array.from({ length: bytes }, (_, index) =>
    ((value >>> (8 * (bytes - 1 - index))) & 255).toString(16).padStart(2, '0'),
  );

/** N devices of every family (not recorders, which belong to a cloud, not a site), `perPlace` to a place. */
export function generateFleet(seed: number, count: number, perPlace = 25): DeviceIdentity[] {
  const random = createRandom(seed);
  const prefix = hex(random.int(0, 0xffff), 2);
  const matching = matchingRadios();
  return Array.from({ length: count }, (_, index) => {
    const productType = FAMILY_MIX[index % FAMILY_MIX.length] as ProductType;
    const place = `place-${Math.floor(index / perPlace)}`;
    const brand = matching(place, productType, random.pick(productBrandsOfType(productType)));
    return {
      sn: `SIM${prefix.join('').toUpperCase()}${String(index).padStart(7, '0')}`,
      mac: ['02', '5e', ...prefix, ...hex(index, 2)].join(':'),
      productBrandId: brand.productBrandId,
      productType,
      place,
    };
  });
}

/**
 * Models whose radios can link within a place (core/fleet/radio-links.ts): every second point-to-point
 * radio is the model of the one before it, a place's first point-to-multipoint radio is a base station and
 * the others subscribers of its band, and a place's mesh units are all 60 GHz nodes or all Wi-Fi units.
 */
function matchingRadios() {
  const firsts = new Map<string, ProductBrand>();
  const unpaired = new Map<string, ProductBrand>();
  return (place: string, type: ProductType, drawn: ProductBrand): ProductBrand => {
    const key = `${place} ${type}`;
    const first = firsts.get(key);
    if (!first) firsts.set(key, drawn);
    if (type === 'metrolinq') {
      const waiting = unpaired.get(place);
      if (waiting) {
        unpaired.delete(place);
        return waiting;
      }
      unpaired.set(place, drawn);
      return drawn;
    }
    const band = (brand: ProductBrand) => modelHardware(brand.productBrandId)?.link?.band;
    const role = (brand: ProductBrand) => modelHardware(brand.productBrandId)?.link?.role;
    if (type === 'ptmp') {
      const base = first ?? drawn;
      const wanted = first ? 'subscriber' : 'base';
      if (role(drawn) === wanted && (!first || band(drawn) === band(base))) return drawn;
      const candidates = productBrandsOfType('ptmp').filter(
        (brand) => role(brand) === wanted && (!first || band(brand) === band(base)),
      );
      const chosen = candidates[drawn.productBrandId % candidates.length] as ProductBrand;
      if (!first) firsts.set(key, chosen);
      return chosen;
    }
    if (type === 'mesh' && first && first.productId !== drawn.productId) {
      const same = productBrandsOfType('mesh').filter((brand) => brand.productId === first.productId);
      return same[drawn.productBrandId % same.length] as ProductBrand;
    }
    return drawn;
  };
}

/** A device the console already lists (demo mode), with its cloud's onboarding key when it was read. */
export function listedDevice(device: {
  sn: string;
  mac: string;
  product_brand_id: number;
  site?: { id: number } | null;
  fw?: string;
  mgmtd_version?: string;
  hostname?: string;
  onboardingKey?: string;
}): DeviceIdentity | null {
  const brand = productBrand(device.product_brand_id);
  if (!brand) return null;
  return {
    sn: device.sn,
    mac: device.mac,
    productBrandId: brand.productBrandId,
    productType: brand.productType,
    place: device.site ? `site-${device.site.id}` : 'cloud',
    ...(device.onboardingKey ? { onboardingKey: device.onboardingKey } : {}),
    ...(device.fw ? { fw: device.fw } : {}),
    ...(device.mgmtd_version ? { mgmtdVersion: device.mgmtd_version } : {}),
    ...(device.hostname ? { hostname: device.hostname } : {}),
  };
}
