// Numbers with their units as the user reads them: in their language's number format, bytes and bits in
// base 1000 (docs/constants.md) and temperatures in their measurement units (docs/entities.md METRIC or IMPERIAL).
import type { MeasurementUnits } from '../../core/domain.ts';

/** Who the numbers are for: the language tag for Intl, and the measurement units they chose. */
export interface UnitContext {
  readonly locale: string;
  readonly measurementUnits: MeasurementUnits;
}

// docs/constants.md: byte units are base 1000 (kB, MB, GB, TB); bit rates step the same way.
const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const BIT_RATE_UNITS = [
  'bit-per-second',
  'kilobit-per-second',
  'megabit-per-second',
  'gigabit-per-second',
  'terabit-per-second',
] as const;
// dBm, dB and W are international symbols, written the same in every language of the console.
const DBM = 'dBm';
const DB = 'dB';
const WATT = 'W';

const formats = new Map<string, Intl.NumberFormat>();

/** Intl formats are costly to build and charts format thousands of values: keep one per shape. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** Fewer decimals as the number grows: 1.25, 12.5, 125. */
const fractionDigits = (value: number) => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);

function scaled(value: number, units: readonly string[], locale: string): string {
  let step = 0;
  let amount = value;
  while (Math.abs(amount) >= 1000 && step < units.length - 1) {
    amount /= 1000;
    step += 1;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: units[step],
    unitDisplay: 'short',
    maximumFractionDigits: step === 0 ? 0 : fractionDigits(amount),
  }).format(amount);
}

/** A plain number in the user's format, with at most the given decimals. */
export function formatNumber(value: number, { locale }: UnitContext, maximumFractionDigits = 0): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** A byte count in base 1000: 999 byte, 1.5 kB, 12.3 MB, 2 TB. */
export function formatBytes(bytes: number, { locale }: UnitContext): string {
  return scaled(bytes, BYTE_UNITS, locale);
}

/** A bit rate in base 1000: 800 bit/s, 12.5 Mb/s, 1.2 Gb/s. */
export function formatBitRate(bitsPerSecond: number, { locale }: UnitContext): string {
  return scaled(bitsPerSecond, BIT_RATE_UNITS, locale);
}

/** A link speed or capacity given in megabits per second (1000 reads 1 Gb/s). */
export function formatMegabitRate(megabitsPerSecond: number, context: UnitContext): string {
  return formatBitRate(megabitsPerSecond * 1_000_000, context);
}

/** A share given from 0 to 100. */
export function formatPercent(percent: number, { locale }: UnitContext): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

/** A signal or noise level. */
export function formatDbm(dbm: number, context: UnitContext): string {
  return `${formatNumber(dbm, context, 1)} ${DBM}`;
}

/** A signal-to-noise ratio. */
export function formatDb(db: number, context: UnitContext): string {
  return `${formatNumber(db, context, 1)} ${DB}`;
}

/** Power drawn or delivered. */
export function formatWatts(watts: number, context: UnitContext): string {
  return `${formatNumber(watts, context, 1)} ${WATT}`;
}

/** A temperature measured in °C, in the user's units: °F for those who chose imperial units. */
export function convertTemperature(celsius: number, measurementUnits: MeasurementUnits): number {
  return measurementUnits === 'IMPERIAL' ? (celsius * 9) / 5 + 32 : celsius;
}

/** A temperature already in the user's units (a chart's axis drawn in them), with its unit. */
export function formatDegrees(degrees: number, { locale, measurementUnits }: UnitContext): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: measurementUnits === 'IMPERIAL' ? 'fahrenheit' : 'celsius',
    maximumFractionDigits: 1,
  }).format(degrees);
}

/** A temperature measured in °C, shown in °F to those who chose imperial units. */
export function formatTemperature(celsius: number, context: UnitContext): string {
  return formatDegrees(convertTemperature(celsius, context.measurementUnits), context);
}

/** The user's measurement units from whatever the signed-in user's record carries; metric by default. */
export function measurementUnitsOf(user: object | null | undefined): MeasurementUnits {
  const value = user && 'measurementUnits' in user ? user.measurementUnits : undefined;
  return value === 'IMPERIAL' ? 'IMPERIAL' : 'METRIC';
}
