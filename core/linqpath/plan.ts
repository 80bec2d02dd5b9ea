// A plan's results from its inputs (docs/linqpath.md): one pure function, used by the page and by the
// server's checks, so the numbers a member sees and saves are the same everywhere.
import type { LinqPathInputs } from '../api/linqpath.ts';
import { LINQPATH_DISTANCE_MAX_KM } from '../api/linqpath.ts';
import { type LinkBudget, linkBudget } from './budget.ts';
import { azimuthDeg, distanceKm } from './geo.ts';
import { type PathProfile, pathProfile } from './profile.ts';
import { type RadioModel, radioModel } from './radios.ts';

/** Why a plan has no results: what the page says and the server answers. */
export type PlanProblem =
  | 'model_a'
  | 'model_b'
  | 'band_mismatch'
  | 'same_point'
  | 'too_far'
  | 'terrain_order';

export type PlanResults = {
  distanceKm: number;
  azimuthAB: number;
  azimuthBA: number;
  modelA: RadioModel;
  modelB: RadioModel;
  aToB: LinkBudget;
  bToA: LinkBudget;
  profile: PathProfile;
};

/** The shortest path a plan takes, km: two points closer are the same point. */
const MIN_DISTANCE_KM = 0.001;

export function planProblem(inputs: LinqPathInputs): PlanProblem | null {
  const modelA = radioModel(inputs.a.product_brand_id);
  const modelB = radioModel(inputs.b.product_brand_id);
  if (!modelA) return 'model_a';
  if (!modelB) return 'model_b';
  if (modelA.link.band !== modelB.link.band) return 'band_mismatch';
  const distance = distanceKm(inputs.a, inputs.b);
  if (distance < MIN_DISTANCE_KM) return 'same_point';
  if (distance > LINQPATH_DISTANCE_MAX_KM) return 'too_far';
  if (inputs.terrain.some(([d], i) => i > 0 && d <= (inputs.terrain[i - 1] as [number, number])[0]))
    return 'terrain_order';
  return null;
}

export function planResults(inputs: LinqPathInputs): PlanResults | PlanProblem {
  const problem = planProblem(inputs);
  if (problem) return problem;
  const modelA = radioModel(inputs.a.product_brand_id) as RadioModel;
  const modelB = radioModel(inputs.b.product_brand_id) as RadioModel;
  const distance = distanceKm(inputs.a, inputs.b);
  const common = {
    distanceKm: distance,
    rainZone: inputs.rain_zone,
    availabilityPercent: inputs.availability_percent,
    polarization: inputs.polarization,
  };
  const endA = { model: modelA, cableLossDb: inputs.a.cable_loss_db };
  const endB = { model: modelB, cableLossDb: inputs.b.cable_loss_db };
  return {
    distanceKm: distance,
    azimuthAB: azimuthDeg(inputs.a, inputs.b),
    azimuthBA: azimuthDeg(inputs.b, inputs.a),
    modelA,
    modelB,
    aToB: linkBudget({ from: endA, to: endB, ...common }),
    bToA: linkBudget({ from: endB, to: endA, ...common }),
    profile: pathProfile({
      distanceKm: distance,
      frequencyGhz: modelA.frequencyGhz,
      heightAM: inputs.a.height_m,
      heightBM: inputs.b.height_m,
      terrain: inputs.terrain.map(([distanceM, heightM]) => ({ distanceM, heightM })),
    }),
  };
}
