// Who a simulated device is: the identity it calls home with, and where it stands (for roaming clients).
import type { ProductType } from '../core/domain.ts';
import { productBrand, productBrandsOfType } from '../core/product-catalogue.ts';
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
  return Array.from({ length: count }, (_, index) => {
    const productType = FAMILY_MIX[index % FAMILY_MIX.length] as ProductType;
    const brand = random.pick(productBrandsOfType(productType));
    return {
      sn: `SIM${prefix.join('').toUpperCase()}${String(index).padStart(7, '0')}`,
      mac: ['02', '5e', ...prefix, ...hex(index, 2)].join(':'),
      productBrandId: brand.productBrandId,
      productType,
      place: `place-${Math.floor(index / perPlace)}`,
    };
  });
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
