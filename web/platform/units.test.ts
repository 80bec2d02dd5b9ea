// Numbers with their units: base 1000 (docs/constants.md), the user's measurement units (docs/entities.md), the user's
// number format.
import { describe, expect, it } from 'vitest';
import {
  convertTemperature,
  formatBitRate,
  formatBytes,
  formatDb,
  formatDbm,
  formatDegrees,
  formatMegabitRate,
  formatNumber,
  formatPercent,
  formatTemperature,
  formatWatts,
  measurementUnitsOf,
  type UnitContext,
} from './units.ts';

const en: UnitContext = { locale: 'en', measurementUnits: 'METRIC' };
const hu: UnitContext = { locale: 'hu', measurementUnits: 'METRIC' };
const imperial: UnitContext = { locale: 'en', measurementUnits: 'IMPERIAL' };

describe('byte counts', () => {
  it('step by 1000 through kB, MB, GB and TB', () => {
    expect(formatBytes(999, en)).toBe('999 byte');
    expect(formatBytes(1000, en)).toBe('1 kB');
    expect(formatBytes(1500, en)).toBe('1.5 kB');
    expect(formatBytes(12_345_678, en)).toBe('12.3 MB');
    expect(formatBytes(987_000_000_000, en)).toBe('987 GB');
    expect(formatBytes(2_000_000_000_000, en)).toBe('2 TB');
    // Past the largest unit the number grows instead.
    expect(formatBytes(4_500_000_000_000_000, en)).toBe('4,500 TB');
  });

  it("use the user's decimal separator", () => {
    expect(formatBytes(1500, hu)).toBe('1,5 kB');
  });
});

describe('bit rates', () => {
  it('step by 1000 from bit/s to Tb/s', () => {
    expect(formatBitRate(800, en)).toBe('800 bit/s');
    expect(formatBitRate(12_500_000, en)).toBe('12.5 Mb/s');
    expect(formatBitRate(1_200_000_000, en)).toBe('1.2 Gb/s');
  });

  it('read link speeds given in Mbps', () => {
    expect(formatMegabitRate(100, en)).toBe('100 Mb/s');
    expect(formatMegabitRate(1000, en)).toBe('1 Gb/s');
    expect(formatMegabitRate(2500, en)).toBe('2.5 Gb/s');
  });
});

describe('levels and shares', () => {
  it('write percentages, dBm, dB and watts in the user format', () => {
    expect(formatPercent(42.34, en)).toBe('42.3%');
    expect(formatPercent(7, hu)).toBe('7%');
    expect(formatDbm(-95.5, en)).toBe('-95.5 dBm');
    expect(formatDbm(-95.5, hu)).toBe('-95,5 dBm');
    expect(formatDb(31, en)).toBe('31 dB');
    expect(formatWatts(12.25, en)).toBe('12.3 W');
    expect(formatNumber(1234.5, en, 1)).toBe('1,234.5');
  });
});

describe('temperatures', () => {
  it('show °C to metric users and °F to imperial ones', () => {
    expect(formatTemperature(48, en)).toBe('48°C');
    expect(formatTemperature(48, imperial)).toBe('118.4°F');
    expect(formatTemperature(-40, imperial)).toBe('-40°F');
    expect(convertTemperature(100, 'IMPERIAL')).toBe(212);
    expect(convertTemperature(100, 'METRIC')).toBe(100);
    expect(formatDegrees(212, imperial)).toBe('212°F');
  });

  it("read the user's measurement units, metric when unknown", () => {
    expect(measurementUnitsOf({ measurementUnits: 'IMPERIAL' })).toBe('IMPERIAL');
    expect(measurementUnitsOf({ measurementUnits: 'METRIC' })).toBe('METRIC');
    expect(measurementUnitsOf({ email: 'owner@demo.example' })).toBe('METRIC');
    expect(measurementUnitsOf(undefined)).toBe('METRIC');
  });
});
