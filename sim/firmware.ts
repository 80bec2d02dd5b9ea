// Firmware versions in the field differ across the fleet: most devices run the newest, some lag behind.
import type { ProductType } from '../core/domain.ts';
import type { Random } from './random.ts';

const FIRMWARE: Readonly<Record<ProductType, readonly [string, ...string[]]>> = {
  wifi: ['7.2.1-4012', '7.2.0-3988', '7.1.4-3920'],
  glinq: ['1.8.2-330', '1.8.0-301'],
  mesh: ['2.6.0-905', '2.5.3-877'],
  ptmp: ['3.4.0-1822', '3.3.2-1790'],
  metrolinq: ['5.1.2-2210', '5.0.8-2144'],
  gateway: ['4.0.3-1311', '3.9.9-1290'],
  switch: ['2.2.0-760', '2.1.5-731'],
  smartnvr: ['2.3.4-1021', '2.3.1-998'],
};

/** Switches run management daemons on both sides of 1.5.0, where the Files page starts (SPEC §9). */
export function mgmtdFor(type: ProductType, random: Random): string {
  return type === 'switch' ? random.pick(['1.4.9', '1.5.0', '1.6.3']) : '2.4.1';
}

export function firmwareFor(type: ProductType, random: Random): string {
  const [newest, ...older] = FIRMWARE[type];
  return random.chance(0.7) ? newest : random.pick(older);
}
