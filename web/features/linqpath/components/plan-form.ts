// The LinqPath form (docs/linqpath.md): what a member types, kept as text, and the plan inputs it makes
// once every field reads.
import {
  LINQPATH_CABLE_LOSS_MAX_DB,
  LINQPATH_HEIGHT_MAX_M,
  type LinqPathInputs,
} from '../../../../core/api/linqpath.ts';
import { parseTerrain, type TerrainParse } from '../../../../core/linqpath/profile.ts';
import { AVAILABILITY_MAX, AVAILABILITY_MIN, type RainZone } from '../../../../core/linqpath/rain.ts';

export type EndForm = {
  label: string;
  latitude: string;
  longitude: string;
  heightM: string;
  productBrandId: number;
  cableLossDb: string;
  deviceId: number | null;
  siteId: number | null;
};

export type PlanForm = {
  kind: 'ptp' | 'ptmp';
  a: EndForm;
  b: EndForm;
  rainZone: RainZone;
  availability: string;
  polarization: 'horizontal' | 'vertical';
  terrainText: string;
};

/** The 60 GHz point-to-point radio of longest reach (ML-60-PTP-XR-1G), a plan's first model. */
export const DEFAULT_MODEL_ID = 150;

export const emptyEnd = (label: string): EndForm => ({
  label,
  latitude: '',
  longitude: '',
  heightM: '10',
  productBrandId: DEFAULT_MODEL_ID,
  cableLossDb: '0',
  deviceId: null,
  siteId: null,
});

export const emptyPlanForm = (labels: { a: string; b: string }): PlanForm => ({
  kind: 'ptp',
  a: emptyEnd(labels.a),
  b: emptyEnd(labels.b),
  rainZone: 'K',
  availability: '99.99',
  polarization: 'horizontal',
  terrainText: '',
});

export type EndField = 'label' | 'latitude' | 'longitude' | 'heightM' | 'cableLossDb';
export type FieldError = { key: 'required' | 'range'; min?: number; max?: number };
export type FormErrors = {
  a: Partial<Record<EndField, FieldError>>;
  b: Partial<Record<EndField, FieldError>>;
  availability?: FieldError;
  terrain?: Exclude<TerrainParse, { points: unknown }>;
};

/** A decimal number as people type it (a comma for the decimal point too); null when it is not one. */
export function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  return Number(trimmed);
}

function ranged(text: string, min: number, max: number): number | FieldError {
  if (text.trim() === '') return { key: 'required' };
  const value = readNumber(text);
  return value === null || value < min || value > max ? { key: 'range', min, max } : value;
}

/** The plan's inputs, or what is wrong with the form. */
export function inputsOf(form: PlanForm): { inputs: LinqPathInputs } | { errors: FormErrors } {
  const errors: FormErrors = { a: {}, b: {} };
  const end = (name: 'a' | 'b') => {
    const fields = form[name];
    const found = errors[name];
    const latitude = ranged(fields.latitude, -90, 90);
    const longitude = ranged(fields.longitude, -180, 180);
    const height = ranged(fields.heightM, 0, LINQPATH_HEIGHT_MAX_M);
    const cable = ranged(fields.cableLossDb, 0, LINQPATH_CABLE_LOSS_MAX_DB);
    if (fields.label.trim() === '') found.label = { key: 'required' };
    if (typeof latitude !== 'number') found.latitude = latitude;
    if (typeof longitude !== 'number') found.longitude = longitude;
    if (typeof height !== 'number') found.heightM = height;
    if (typeof cable !== 'number') found.cableLossDb = cable;
    return {
      label: fields.label.trim(),
      latitude: latitude as number,
      longitude: longitude as number,
      height_m: height as number,
      product_brand_id: fields.productBrandId,
      cable_loss_db: cable as number,
      device_id: fields.deviceId,
      site_id: fields.siteId,
    };
  };
  const a = end('a');
  const b = end('b');
  const availability = ranged(form.availability, AVAILABILITY_MIN, AVAILABILITY_MAX);
  if (typeof availability !== 'number') errors.availability = availability;
  let terrain: [number, number][] = [];
  if (form.terrainText.trim() !== '') {
    const parsed = parseTerrain(form.terrainText);
    if ('points' in parsed) terrain = parsed.points.map((point) => [point.distanceM, point.heightM]);
    else errors.terrain = parsed;
  }
  const wrong =
    Object.keys(errors.a).length > 0 ||
    Object.keys(errors.b).length > 0 ||
    errors.availability !== undefined ||
    errors.terrain !== undefined;
  if (wrong) return { errors };
  return {
    inputs: {
      kind: form.kind,
      a,
      b,
      rain_zone: form.rainZone,
      availability_percent: availability as number,
      polarization: form.polarization,
      terrain,
    },
  };
}

/** A saved plan's inputs as the form shows them. */
export function formOf(inputs: LinqPathInputs): PlanForm {
  const end = (e: LinqPathInputs['a']): EndForm => ({
    label: e.label,
    latitude: String(e.latitude),
    longitude: String(e.longitude),
    heightM: String(e.height_m),
    productBrandId: e.product_brand_id,
    cableLossDb: String(e.cable_loss_db),
    deviceId: e.device_id,
    siteId: e.site_id,
  });
  return {
    kind: inputs.kind,
    a: end(inputs.a),
    b: end(inputs.b),
    rainZone: inputs.rain_zone,
    availability: String(inputs.availability_percent),
    polarization: inputs.polarization,
    terrainText: inputs.terrain.map(([distance, height]) => `${distance},${height}`).join('\n'),
  };
}
