// Rain fade of a terrestrial link (docs/linqpath.md#rain-fade): the rain rate of an ITU rain zone
// exceeded 0.01 % of the time (ITU-R P.837-1), the specific attenuation γR = k R^α with k and α from
// ITU-R P.838-3, and the path's attenuation at another percentage of time from ITU-R P.530-17 §2.4.1.

/** ITU-R P.837-1 Table 1: each rain zone's rain rate exceeded 0.01 % of an average year, mm/h. */
export const RAIN_ZONES = {
  A: 8,
  B: 12,
  C: 15,
  D: 19,
  E: 22,
  F: 28,
  G: 30,
  H: 32,
  J: 35,
  K: 42,
  L: 60,
  M: 63,
  N: 95,
  P: 145,
  Q: 115,
} as const;
export type RainZone = keyof typeof RAIN_ZONES;
export const RAIN_ZONE_IDS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'Q',
] as const satisfies readonly RainZone[];

export type Polarization = 'horizontal' | 'vertical';

type Coefficients = {
  a: readonly number[];
  b: readonly number[];
  c: readonly number[];
  m: number;
  c0: number;
};

/** ITU-R P.838-3 Tables 1 to 4: the coefficients of k (H and V) and α (H and V). */
const K_H: Coefficients = {
  a: [-5.3398, -0.35351, -0.23789, -0.94158],
  b: [-0.10008, 1.2697, 0.86036, 0.64552],
  c: [1.13098, 0.454, 0.15354, 0.16817],
  m: -0.18961,
  c0: 0.71147,
};
const K_V: Coefficients = {
  a: [-3.80595, -3.44965, -0.39902, 0.50167],
  b: [0.56934, -0.22911, 0.73042, 1.07319],
  c: [0.81061, 0.51059, 0.11899, 0.27195],
  m: -0.16398,
  c0: 0.63297,
};
const ALPHA_H: Coefficients = {
  a: [-0.14318, 0.29591, 0.32177, -5.3761, 16.1721],
  b: [1.82442, 0.77564, 0.63773, -0.9623, -3.2998],
  c: [-0.55187, 0.19822, 0.13164, 1.47828, 3.4399],
  m: 0.67849,
  c0: -1.95537,
};
const ALPHA_V: Coefficients = {
  a: [-0.07771, 0.56727, -0.20238, -48.2991, 48.5833],
  b: [2.3384, 0.95545, 1.1452, 0.791669, 0.791459],
  c: [-0.76284, 0.54039, 0.26809, 0.116226, 0.116479],
  m: -0.053739,
  c0: 0.83433,
};

function curve(x: number, { a, b, c, m, c0 }: Coefficients): number {
  let sum = 0;
  for (let j = 0; j < a.length; j++) {
    const t = (x - (b[j] as number)) / (c[j] as number);
    sum += (a[j] as number) * Math.exp(-t * t);
  }
  return sum + m * x + c0;
}

/** ITU-R P.838-3 k and α at a frequency (1 to 1000 GHz) for a horizontal path's polarization. */
export function rainCoefficients(
  frequencyGhz: number,
  polarization: Polarization,
): { k: number; alpha: number } {
  const x = Math.log10(frequencyGhz);
  return polarization === 'horizontal'
    ? { k: 10 ** curve(x, K_H), alpha: curve(x, ALPHA_H) }
    : { k: 10 ** curve(x, K_V), alpha: curve(x, ALPHA_V) };
}

/** Specific attenuation of rain at rain rate R mm/h, dB/km: γR = k R^α. */
export function rainDbPerKm(frequencyGhz: number, rainRateMmH: number, polarization: Polarization): number {
  const { k, alpha } = rainCoefficients(frequencyGhz, polarization);
  return k * rainRateMmH ** alpha;
}

/**
 * ITU-R P.530-17 eq. 37: the distance factor r that turns the path length into its effective length,
 * at most 2.5.
 */
export function distanceFactor(distanceKm: number, frequencyGhz: number, rainRateMmH: number, alpha: number) {
  const r =
    1 /
    (0.477 * distanceKm ** 0.633 * rainRateMmH ** (0.073 * alpha) * frequencyGhz ** 0.123 -
      10.579 * (1 - Math.exp(-0.024 * distanceKm)));
  return r > 0 && r <= 2.5 ? r : 2.5;
}

/**
 * ITU-R P.530-17 eq. 39 to 43: the ratio of the attenuation exceeded p % of the time to the one exceeded
 * 0.01 %, for p from 0.001 to 1 %.
 */
export function percentageScale(percent: number, frequencyGhz: number): number {
  const p = Math.min(1, Math.max(0.001, percent));
  const c0 = frequencyGhz >= 10 ? 0.12 + 0.4 * Math.log10((frequencyGhz / 10) ** 0.8) : 0.12;
  const c1 = 0.07 ** c0 * 0.12 ** (1 - c0);
  const c2 = 0.855 * c0 + 0.546 * (1 - c0);
  const c3 = 0.139 * c0 + 0.043 * (1 - c0);
  return c1 * p ** -(c2 + c3 * Math.log10(p));
}

/** The availability targets offered, percent of the time the link works; 100 − availability = p. */
export const AVAILABILITY_MIN = 99;
export const AVAILABILITY_MAX = 99.999;

/**
 * The rain fade a path of this length exceeds for (100 − availability) % of an average year in a rain
 * zone, dB.
 */
export function rainFadeDb(input: {
  distanceKm: number;
  frequencyGhz: number;
  zone: RainZone;
  availabilityPercent: number;
  polarization: Polarization;
}): number {
  const { distanceKm, frequencyGhz, zone, availabilityPercent, polarization } = input;
  if (distanceKm <= 0) return 0;
  const rate = RAIN_ZONES[zone];
  const { k, alpha } = rainCoefficients(frequencyGhz, polarization);
  const gamma = k * rate ** alpha;
  const a001 = gamma * distanceKm * distanceFactor(distanceKm, frequencyGhz, rate, alpha);
  return a001 * percentageScale(100 - availabilityPercent, frequencyGhz);
}
