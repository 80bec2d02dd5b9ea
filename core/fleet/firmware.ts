// Firmware is written version-revision (SPEC §3), for example "7.2.1-4012".
import type { ProductType } from '../domain.ts';
import { compareVersions, parseVersion } from '../navigation/versions.ts';

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
