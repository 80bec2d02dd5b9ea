import { describe, expect, it } from 'vitest';
import { counterIncrease, counterRates } from './counters.ts';

const MINUTE = 60_000;

describe('counterIncrease', () => {
  it('is the difference while the counter grows, and nothing before the first reading', () => {
    expect(counterIncrease(1_000, 4_000)).toBe(3_000);
    expect(counterIncrease(4_000, 4_000)).toBe(0);
    expect(counterIncrease(null, 4_000)).toBe(0);
  });

  it('counts from zero when the counter went down: the device restarted in between', () => {
    expect(counterIncrease(9_000_000_000, 1_500)).toBe(1_500);
    expect(counterIncrease(10, 0)).toBe(0);
  });

  it('is never negative, whatever the reading', () => {
    expect(counterIncrease(100, -5)).toBe(0);
    expect(counterIncrease(100, Number.NaN)).toBe(0);
  });
});

describe('counterRates', () => {
  it('draws bits per second per interval across a restart, without a negative or a spike', () => {
    const rates = counterRates([
      { at: 0, value: 0 },
      { at: MINUTE, value: 7_500_000 },
      { at: 2 * MINUTE, value: 15_000_000 },
      // Restarted: the counter starts again from zero and has counted 750 kB since.
      { at: 3 * MINUTE, value: 750_000 },
      { at: 4 * MINUTE, value: 8_250_000 },
    ]);
    expect(rates).toEqual([
      { at: MINUTE, bitsPerSecond: 1_000_000 },
      { at: 2 * MINUTE, bitsPerSecond: 1_000_000 },
      { at: 3 * MINUTE, bitsPerSecond: 100_000 },
      { at: 4 * MINUTE, bitsPerSecond: 1_000_000 },
    ]);
  });

  it('gives no rate for readings taken at the same time, and none for a single reading', () => {
    expect(counterRates([{ at: 5, value: 1 }])).toEqual([]);
    expect(
      counterRates([
        { at: 5, value: 1 },
        { at: 5, value: 9 },
      ]),
    ).toEqual([{ at: 5, bitsPerSecond: null }]);
  });
});
