// The path profile (docs/linqpath.md#path-profile): the terrain the user gives (none is fetched; without it
// the earth is flat at sea level), raised by the earth's bulge at factor k, under the line of sight between
// the antennas, with the first Fresnel zone and the 60 % of it a link should keep clear.
import { earthBulgeM, FRESNEL_CLEARANCE, fresnelRadiusM, STANDARD_K } from './propagation.ts';

/** A terrain sample: metres from end A along the path, ground height above sea level in metres. */
export type TerrainPoint = { distanceM: number; heightM: number };

/** docs/linqpath.md#limits: the most terrain samples a plan keeps. */
export const TERRAIN_POINTS_MAX = 2000;
/** How many points the profile chart draws along the path. */
export const PROFILE_STEPS = 100;

export type TerrainParse =
  | { points: TerrainPoint[] }
  | { error: 'empty' | 'too_many'; line?: undefined }
  | {
      error: 'line';
      line: number;
    };

/**
 * Reads "distance,height" lines (metres; comma, semicolon or tab between; a first line of words is a
 * header). Distances must rise from line to line; a blank line is skipped.
 */
export function parseTerrain(text: string): TerrainParse {
  const points: TerrainPoint[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] as string).trim();
    if (line === '') continue;
    const cells = line.split(/[,;\t]/).map((cell) => cell.trim());
    const [distance, height] = cells.map(Number);
    const numeric =
      cells.length === 2 &&
      cells.every((cell) => cell !== '') &&
      Number.isFinite(distance) &&
      Number.isFinite(height);
    if (!numeric) {
      if (points.length === 0 && index === firstNonBlank(lines) && /[a-z]/i.test(line)) continue;
      return { error: 'line', line: index + 1 };
    }
    const previous = points[points.length - 1];
    if ((distance as number) < 0 || (previous && (distance as number) <= previous.distanceM))
      return { error: 'line', line: index + 1 };
    points.push({ distanceM: distance as number, heightM: height as number });
    if (points.length > TERRAIN_POINTS_MAX) return { error: 'too_many' };
  }
  return points.length === 0 ? { error: 'empty' } : { points };
}

function firstNonBlank(lines: readonly string[]) {
  return lines.findIndex((line) => line.trim() !== '');
}

/** The ground height at a distance, linear between samples, the nearest sample's beyond them; 0 without any. */
export function groundAt(terrain: readonly TerrainPoint[], distanceM: number): number {
  const first = terrain[0];
  const last = terrain[terrain.length - 1];
  if (!first || !last) return 0;
  if (distanceM <= first.distanceM) return first.heightM;
  if (distanceM >= last.distanceM) return last.heightM;
  for (let i = 1; i < terrain.length; i++) {
    const b = terrain[i] as TerrainPoint;
    const a = terrain[i - 1] as TerrainPoint;
    if (distanceM <= b.distanceM)
      return a.heightM + ((b.heightM - a.heightM) * (distanceM - a.distanceM)) / (b.distanceM - a.distanceM);
  }
  return last.heightM;
}

export type ProfilePoint = {
  distanceM: number;
  /** The terrain alone, and raised by the earth's bulge, metres above sea level. */
  terrainM: number;
  groundM: number;
  lineOfSightM: number;
  fresnelRadiusM: number;
  /** The lower edges of the first Fresnel zone and of its 60 %. */
  fresnelLowerM: number;
  clearanceLowerM: number;
};

export type PathProfile = {
  points: ProfilePoint[];
  /** The smallest clearance over the path as a share of the first Fresnel zone's radius (1 = all clear). */
  worstClearance: number;
  /** Where that is, metres from end A, and how far the line of sight passes above the ground there. */
  worstAtM: number;
  worstGapM: number;
  /** Whether 60 % of the first Fresnel zone is clear everywhere between the ends. */
  clear: boolean;
  /** Whether the profile stands on terrain the user gave, or on flat earth. */
  flatEarth: boolean;
};

export function pathProfile(input: {
  distanceKm: number;
  frequencyGhz: number;
  heightAM: number;
  heightBM: number;
  terrain: readonly TerrainPoint[];
  k?: number;
}): PathProfile {
  const { distanceKm, frequencyGhz, terrain } = input;
  const k = input.k ?? STANDARD_K;
  const totalM = distanceKm * 1000;
  const startM = groundAt(terrain, 0) + input.heightAM;
  const endM = groundAt(terrain, totalM) + input.heightBM;
  const points: ProfilePoint[] = [];
  let worstClearance = Number.POSITIVE_INFINITY;
  let worstAtM = totalM / 2;
  let worstGapM = Number.POSITIVE_INFINITY;
  for (let step = 0; step <= PROFILE_STEPS; step++) {
    const distanceM = (totalM * step) / PROFILE_STEPS;
    const d1 = distanceM / 1000;
    const d2 = distanceKm - d1;
    const terrainM = groundAt(terrain, distanceM);
    const groundM = terrainM + earthBulgeM(d1, Math.max(0, d2), k);
    const lineOfSightM = startM + ((endM - startM) * step) / PROFILE_STEPS;
    const radius = fresnelRadiusM(d1, Math.max(0, d2), frequencyGhz);
    if (step > 0 && step < PROFILE_STEPS && radius > 0) {
      const share = (lineOfSightM - groundM) / radius;
      if (share < worstClearance) {
        worstClearance = share;
        worstAtM = distanceM;
        worstGapM = lineOfSightM - groundM;
      }
    }
    points.push({
      distanceM,
      terrainM,
      groundM,
      lineOfSightM,
      fresnelRadiusM: radius,
      fresnelLowerM: lineOfSightM - radius,
      clearanceLowerM: lineOfSightM - FRESNEL_CLEARANCE * radius,
    });
  }
  if (!Number.isFinite(worstClearance)) worstClearance = 1;
  if (!Number.isFinite(worstGapM)) worstGapM = Math.min(startM, endM);
  return {
    points,
    worstClearance,
    worstAtM,
    worstGapM,
    clear: worstClearance >= FRESNEL_CLEARANCE,
    flatEarth: terrain.length === 0,
  };
}
