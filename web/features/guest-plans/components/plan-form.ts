// The service plan dialog's fields in units people use (docs/guest-access.md#service-plans): durations in
// minutes, hours or days, rates in Mbit/s, data in MB or GB (base 1000, docs/constants.md); turned into the
// API's minutes, kbit/s and bytes, with a message key for each field that does not fit.
import {
  GUEST_PLAN_DEVICES_MAX,
  GUEST_PLAN_IDLE_MAX,
  GUEST_PLAN_NAME_MAX,
  GUEST_PLAN_PRICE_LABEL_MAX,
  GUEST_PLAN_QUOTA_MAX,
  GUEST_PLAN_QUOTA_MIN,
  GUEST_PLAN_RATE_MAX,
  GUEST_PLAN_RATE_MIN,
  GUEST_PLAN_SESSION_MAX,
  GUEST_PLAN_SSIDS_MAX,
  GUEST_PLAN_VALIDITY_MAX,
  type GuestPlan,
  type GuestPlanBody,
} from '../../../../core/api/guest-plans.ts';

export const TIME_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;
export const DATA_UNITS = { MB: 1_000_000, GB: 1_000_000_000 } as const;
export type DataUnit = keyof typeof DATA_UNITS;

export interface PlanForm {
  readonly name: string;
  readonly priceLabel: string;
  readonly validFrom: GuestPlanBody['valid_from'];
  readonly validity: string;
  readonly validityUnit: TimeUnit;
  /** Empty: no limit. */
  readonly session: string;
  readonly sessionUnit: TimeUnit;
  readonly idleMinutes: string;
  readonly downMbps: string;
  readonly upMbps: string;
  readonly sessionQuota: string;
  readonly sessionQuotaUnit: DataUnit;
  readonly periodQuota: string;
  readonly periodQuotaUnit: DataUnit;
  readonly quotaPeriod: 'day' | 'month';
  readonly devices: string;
  readonly siteIds: readonly number[];
  /** SSIDs separated by commas. */
  readonly ssids: string;
}

export type PlanField =
  | 'name'
  | 'priceLabel'
  | 'validity'
  | 'session'
  | 'idleMinutes'
  | 'downMbps'
  | 'upMbps'
  | 'sessionQuota'
  | 'periodQuota'
  | 'devices'
  | 'ssids';

/** What is wrong with a field: a message key of guestPlans.error.* and its values. */
export type PlanFieldError = {
  readonly key: PlanErrorKey;
  readonly values?: Record<string, string | number>;
};
export type PlanErrorKey =
  | 'guestPlans.error.nameRequired'
  | 'guestPlans.error.tooLong'
  | 'guestPlans.error.wholeNumber'
  | 'guestPlans.error.range'
  | 'guestPlans.error.number'
  | 'guestPlans.error.ssids';

/** The largest whole unit a number of minutes is made of, for showing a plan again. */
export function timeParts(minutes: number | null): { value: string; unit: TimeUnit } {
  if (minutes === null) return { value: '', unit: 'hours' };
  if (minutes % TIME_UNITS.days === 0) return { value: String(minutes / TIME_UNITS.days), unit: 'days' };
  if (minutes % TIME_UNITS.hours === 0) return { value: String(minutes / TIME_UNITS.hours), unit: 'hours' };
  return { value: String(minutes), unit: 'minutes' };
}

export function dataParts(bytes: number | null): { value: string; unit: DataUnit } {
  if (bytes === null) return { value: '', unit: 'GB' };
  if (bytes % DATA_UNITS.GB === 0 || bytes >= DATA_UNITS.GB)
    return { value: String(bytes / DATA_UNITS.GB), unit: 'GB' };
  return { value: String(bytes / DATA_UNITS.MB), unit: 'MB' };
}

const rateText = (kbps: number | null) => (kbps === null ? '' : String(kbps / 1000));

export function emptyPlanForm(): PlanForm {
  return {
    name: '',
    priceLabel: '',
    validFrom: 'first_use',
    validity: '1',
    validityUnit: 'days',
    session: '',
    sessionUnit: 'hours',
    idleMinutes: '',
    downMbps: '',
    upMbps: '',
    sessionQuota: '',
    sessionQuotaUnit: 'GB',
    periodQuota: '',
    periodQuotaUnit: 'GB',
    quotaPeriod: 'day',
    devices: '1',
    siteIds: [],
    ssids: '',
  };
}

export function planFormOf(plan: GuestPlan): PlanForm {
  const validity = timeParts(plan.validity_minutes);
  const session = timeParts(plan.session_minutes);
  const sessionQuota = dataParts(plan.session_quota_bytes);
  const periodQuota = dataParts(plan.period_quota_bytes);
  return {
    name: plan.name,
    priceLabel: plan.price_label,
    validFrom: plan.valid_from,
    validity: validity.value,
    validityUnit: validity.unit,
    session: session.value,
    sessionUnit: session.unit,
    idleMinutes: plan.idle_minutes === null ? '' : String(plan.idle_minutes),
    downMbps: rateText(plan.down_kbps),
    upMbps: rateText(plan.up_kbps),
    sessionQuota: sessionQuota.value,
    sessionQuotaUnit: sessionQuota.unit,
    periodQuota: periodQuota.value,
    periodQuotaUnit: periodQuota.unit,
    quotaPeriod: plan.quota_period ?? 'day',
    devices: String(plan.devices_per_account),
    siteIds: plan.site_ids,
    ssids: plan.ssids.join(', '),
  };
}

/** A decimal number as typed, with a comma or a point; NaN when it is not one. */
const decimal = (text: string) =>
  /^\d+([.,]\d+)?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : NaN;

type Checked = { value: number | null; error?: PlanFieldError };

/** A count of a unit, whole, within min..max of the base unit once multiplied; empty is null when optional. */
function amount(
  text: string,
  factor: number,
  min: number,
  max: number,
  { optional, whole, unitMax }: { optional: boolean; whole: boolean; unitMax: number },
): Checked {
  if (text.trim() === '')
    return optional ? { value: null } : { value: null, error: { key: 'guestPlans.error.wholeNumber' } };
  const number = whole && !/^\d+$/.test(text.trim()) ? NaN : decimal(text);
  if (Number.isNaN(number))
    return {
      value: null,
      error: { key: whole ? 'guestPlans.error.wholeNumber' : 'guestPlans.error.number' },
    };
  const value = Math.round(number * factor);
  if (value < min || value > max)
    return {
      value: null,
      error: { key: 'guestPlans.error.range', values: { min: Math.ceil(min / factor), max: unitMax } },
    };
  return { value };
}

const floorOf = (max: number, factor: number) => Math.floor(max / factor);

/** The body the form makes, or the errors of its fields. */
export function planBodyOf(
  form: PlanForm,
): { body: GuestPlanBody } | { errors: Partial<Record<PlanField, PlanFieldError>> } {
  const errors: Partial<Record<PlanField, PlanFieldError>> = {};
  const name = form.name.trim();
  if (name === '') errors.name = { key: 'guestPlans.error.nameRequired' };
  else if (name.length > GUEST_PLAN_NAME_MAX)
    errors.name = { key: 'guestPlans.error.tooLong', values: { max: GUEST_PLAN_NAME_MAX } };
  if (form.priceLabel.trim().length > GUEST_PLAN_PRICE_LABEL_MAX)
    errors.priceLabel = { key: 'guestPlans.error.tooLong', values: { max: GUEST_PLAN_PRICE_LABEL_MAX } };
  const time = (text: string, unit: TimeUnit, max: number, optional: boolean) =>
    amount(text, TIME_UNITS[unit], 1, max, {
      optional,
      whole: true,
      unitMax: floorOf(max, TIME_UNITS[unit]),
    });
  const data = (text: string, unit: DataUnit) =>
    amount(text, DATA_UNITS[unit], GUEST_PLAN_QUOTA_MIN, GUEST_PLAN_QUOTA_MAX, {
      optional: true,
      whole: false,
      unitMax: floorOf(GUEST_PLAN_QUOTA_MAX, DATA_UNITS[unit]),
    });
  const rate = (text: string) =>
    amount(text, 1000, GUEST_PLAN_RATE_MIN, GUEST_PLAN_RATE_MAX, {
      optional: true,
      whole: false,
      unitMax: GUEST_PLAN_RATE_MAX / 1000,
    });
  const checked = {
    validity: time(form.validity, form.validityUnit, GUEST_PLAN_VALIDITY_MAX, false),
    session: time(form.session, form.sessionUnit, GUEST_PLAN_SESSION_MAX, true),
    idleMinutes: time(form.idleMinutes, 'minutes', GUEST_PLAN_IDLE_MAX, true),
    downMbps: rate(form.downMbps),
    upMbps: rate(form.upMbps),
    sessionQuota: data(form.sessionQuota, form.sessionQuotaUnit),
    periodQuota: data(form.periodQuota, form.periodQuotaUnit),
    devices: amount(form.devices, 1, 1, GUEST_PLAN_DEVICES_MAX, {
      optional: false,
      whole: true,
      unitMax: GUEST_PLAN_DEVICES_MAX,
    }),
  };
  for (const [field, result] of Object.entries(checked))
    if (result.error) errors[field as PlanField] = result.error;
  const ssids = [
    ...new Set(
      form.ssids
        .split(',')
        .map((ssid) => ssid.trim())
        .filter((ssid) => ssid !== ''),
    ),
  ];
  if (ssids.length > GUEST_PLAN_SSIDS_MAX || ssids.some((ssid) => ssid.length > 32))
    errors.ssids = { key: 'guestPlans.error.ssids', values: { max: GUEST_PLAN_SSIDS_MAX } };
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      name,
      price_label: form.priceLabel.trim(),
      valid_from: form.validFrom,
      validity_minutes: checked.validity.value as number,
      session_minutes: checked.session.value,
      idle_minutes: checked.idleMinutes.value,
      down_kbps: checked.downMbps.value,
      up_kbps: checked.upMbps.value,
      session_quota_bytes: checked.sessionQuota.value,
      period_quota_bytes: checked.periodQuota.value,
      quota_period: checked.periodQuota.value === null ? null : form.quotaPeriod,
      devices_per_account: checked.devices.value as number,
      site_ids: [...form.siteIds],
      ssids,
    },
  };
}
