// Clear-air propagation of a line-of-sight link (docs/linqpath.md#formulas): free-space path loss, the
// first Fresnel zone, the earth's bulge under an effective earth radius factor k, and gaseous absorption.
import { EARTH_RADIUS_KM } from './geo.ts';

/** The standard atmosphere's effective earth radius factor (ITU-R P.530, P.453). */
export const STANDARD_K = 4 / 3;
/** The share of the first Fresnel zone a line-of-sight link should keep clear. */
export const FRESNEL_CLEARANCE = 0.6;

/** Free-space path loss, dB (ITU-R P.525): 92.45 + 20 log10(f GHz) + 20 log10(d km). */
export function fsplDb(distanceKm: number, frequencyGhz: number): number {
  return 92.45 + 20 * Math.log10(frequencyGhz) + 20 * Math.log10(distanceKm);
}

/**
 * The radius of the first Fresnel zone at a point d1 km from one end and d2 km from the other, metres
 * (ITU-R P.530: 17.3 sqrt(d1 d2 / (f d)) with f in GHz).
 */
export function fresnelRadiusM(d1Km: number, d2Km: number, frequencyGhz: number): number {
  const d = d1Km + d2Km;
  if (d <= 0 || d1Km <= 0 || d2Km <= 0) return 0;
  // 17.32 = sqrt(c / 1 GHz × 1 km) in metres: sqrt(0.299792458 × 1000).
  return Math.sqrt((299.792458 * d1Km * d2Km) / (frequencyGhz * d));
}

/** How far the earth rises above the chord between the ends at d1 and d2 km, metres, for factor k. */
export function earthBulgeM(d1Km: number, d2Km: number, k: number = STANDARD_K): number {
  return ((d1Km * d2Km) / (2 * k * EARTH_RADIUS_KM)) * 1000;
}

/**
 * Nominal specific attenuation of oxygen and water vapour at sea level (1013 hPa, 15 °C, 7.5 g/m³), dB/km,
 * read from ITU-R P.676 (Annex 2, Figure 1) at the frequencies the catalogue's link radios use, linear in
 * between: near 60 GHz the oxygen absorption band gives about 15 dB/km.
 */
const GAS_DB_PER_KM: readonly (readonly [ghz: number, dbPerKm: number])[] = [
  [1, 0.005],
  [10, 0.012],
  [20, 0.1],
  [22.2, 0.2],
  [24, 0.16],
  [30, 0.1],
  [40, 0.13],
  [50, 0.4],
  [54, 2.2],
  [57, 10.5],
  [58, 12.8],
  [60, 15],
  [62, 14.1],
  [63, 11],
  [64, 6.5],
  [66, 1.5],
  [70, 0.45],
  [75, 0.35],
  [80, 0.35],
  [90, 0.4],
  [100, 0.45],
];

/** Gaseous specific attenuation at a frequency, dB/km (ITU-R P.676 nominal values, see GAS_DB_PER_KM). */
export function gasDbPerKm(frequencyGhz: number): number {
  const table = GAS_DB_PER_KM;
  const first = table[0] as readonly [number, number];
  const last = table[table.length - 1] as readonly [number, number];
  if (frequencyGhz <= first[0]) return first[1];
  if (frequencyGhz >= last[0]) return last[1];
  for (let i = 1; i < table.length; i++) {
    const [f1, a1] = table[i] as readonly [number, number];
    const [f0, a0] = table[i - 1] as readonly [number, number];
    if (frequencyGhz <= f1) return a0 + ((a1 - a0) * (frequencyGhz - f0)) / (f1 - f0);
  }
  return last[1];
}
