// Firmware is written version-revision (docs/entities.md), for example "7.2.1-4012".
import type { ProductType } from '../domain.ts';
import { compareVersions, parseVersion } from '../navigation/versions.ts';
import { productBrand } from '../product-catalogue.ts';

/** Negative, zero or positive as a is older than, the same as or newer than b; null when either is not firmware. */
export function compareFirmware(a: string, b: string): number | null {
  const [versionA, revisionA] = a.split('-');
  const [versionB, revisionB] = b.split('-');
  const left = parseVersion(versionA);
  const right = parseVersion(versionB);
  if (!left || !right) return null;
  return compareVersions(left, right) || Number(revisionA ?? 0) - Number(revisionB ?? 0);
}

/** Firmware in the field per product type, newest first: the demo's devices and simulated ones run these. */
export const FIELD_FIRMWARE: Readonly<Record<ProductType, readonly [string, ...string[]]>> = {
  wifi: ['7.2.1-4012', '7.2.0-3988', '7.1.4-3920'],
  glinq: ['1.8.2-330', '1.8.0-301'],
  mesh: ['2.6.0-905', '2.5.3-877'],
  ptmp: ['3.4.0-1822', '3.3.2-1790'],
  metrolinq: ['5.1.2-2210', '5.0.8-2144'],
  gateway: ['4.0.3-1311', '3.9.9-1290'],
  switch: ['2.2.0-760', '2.1.5-731'],
  smartnvr: ['2.3.4-1021', '2.3.1-998'],
};

/** Most devices run the newest firmware; the rest lag behind. */
export function pickFieldFirmware(
  random: { chance: (probability: number) => boolean; pick: <T>(items: readonly T[]) => T },
  type: ProductType,
): string {
  const [newest, ...older] = FIELD_FIRMWARE[type];
  return random.chance(0.7) || older.length === 0 ? newest : random.pick(older);
}

/** A firmware release of the catalogue. */
export type FirmwareRelease = { version: string; released_at: string; notes: string };

const release = (version: string, releasedAt: string, notes: string): FirmwareRelease => ({
  version,
  released_at: releasedAt,
  notes,
});

/** The newest release of each family: what an update or an automatic update brings a device to. */
const NEW_RELEASES: Readonly<Record<ProductType, FirmwareRelease>> = {
  wifi: release(
    '7.3.0-4105',
    '2026-11-02',
    'WPA3 transition mode by default; faster roaming between 5 GHz radios.',
  ),
  glinq: release(
    '1.9.0-352',
    '2026-10-20',
    'Band steering for dual-band clients; fixes a memory leak in the web server.',
  ),
  mesh: release('2.7.0-930', '2026-10-28', 'Quicker mesh path recovery after a peer reboots.'),
  ptmp: release('3.5.0-1850', '2026-11-05', 'Adaptive modulation tuned for long links; new spectrum scan.'),
  metrolinq: release(
    '5.2.0-2251',
    '2026-10-15',
    '60 GHz beam training twice as fast; 5 GHz backup link failover fix.',
  ),
  gateway: release(
    '4.1.0-1340',
    '2026-11-10',
    'SD-WAN certificate renewal without a restart; WAN failover in under 2 s.',
  ),
  switch: release('2.3.0-781', '2026-10-30', 'PoE budget per port; LLDP-MED voice VLAN.'),
  smartnvr: release(
    '2.4.0-1044',
    '2026-11-12',
    'ONVIF profile T cameras; media sync resumes after a storage outage.',
  ),
};

/**
 * The firmware catalogue of a product (by its brand catalogue id): the releases of its family, newest
 * first, each with its release notes. Empty for an unknown product.
 */
export function firmwareCatalogue(productBrandId: number): FirmwareRelease[] {
  const brand = productBrand(productBrandId);
  if (!brand) return [];
  const type = brand.productType;
  const field = FIELD_FIRMWARE[type].map((version, index) =>
    release(
      version,
      `2026-0${8 - index}-15`,
      index === 0 ? 'Stability and security fixes.' : 'Maintenance release.',
    ),
  );
  return [NEW_RELEASES[type], ...field];
}

/** The newest firmware of a family: where an automatic update takes a device. */
export const newestFirmware = (type: ProductType) => NEW_RELEASES[type].version;
