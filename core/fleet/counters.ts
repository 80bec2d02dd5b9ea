// Interface byte counters and the rates drawn from them (docs/telemetry.md#rates-not-totals). A device's
// counters count from its boot: a reading lower than the one before means the device restarted in between,
// so the interval counts from zero, never as a negative or as the counter's wrap-around.

/** A counter's reading and when it was taken (epoch ms). */
export type CounterReading = { readonly at: number; readonly value: number };

/**
 * What a counter counted between two readings: the difference, or the later reading itself when the
 * counter went down (it restarted from zero in between). Nothing before the first reading.
 */
export function counterIncrease(previous: number | null, current: number): number {
  if (!Number.isFinite(current) || current < 0) return 0;
  if (previous === null || !Number.isFinite(previous)) return 0;
  return current >= previous ? current - previous : current;
}

/**
 * Bits per second over each interval of a byte counter's readings (oldest first): one rate per reading
 * after the first, at that reading's time. A restart counts from zero; an interval without time between its
 * readings has no rate.
 */
export function counterRates(
  readings: readonly CounterReading[],
): { at: number; bitsPerSecond: number | null }[] {
  return readings.slice(1).map((reading, index) => {
    const before = readings[index] as CounterReading;
    const seconds = (reading.at - before.at) / 1000;
    const bytes = counterIncrease(before.value, reading.value);
    return { at: reading.at, bitsPerSecond: seconds > 0 ? (bytes * 8) / seconds : null };
  });
}
