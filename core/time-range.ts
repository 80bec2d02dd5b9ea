// The time ranges every chart of the dashboards, statistics and client pages is drawn over.

export const TIME_RANGES = ['24h', '7d', '30d'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const DEFAULT_TIME_RANGE: TimeRange = '24h';

const HOUR_MS = 3_600_000;

/** How far back a range reaches, and the width of one point on its charts. */
export const TIME_RANGE_SPANS: Record<TimeRange, { spanMs: number; bucketMs: number }> = {
  '24h': { spanMs: 24 * HOUR_MS, bucketMs: HOUR_MS },
  '7d': { spanMs: 7 * 24 * HOUR_MS, bucketMs: 6 * HOUR_MS },
  '30d': { spanMs: 30 * 24 * HOUR_MS, bucketMs: 24 * HOUR_MS },
};

export function isTimeRange(value: unknown): value is TimeRange {
  return (TIME_RANGES as readonly unknown[]).includes(value);
}

/** The query parameter of a page's address that holds its range. */
export const RANGE_QUERY = 'range';

/** The range an address's query asks for (`?range=7d`), or the default. */
export function rangeOfSearch(search: string): TimeRange {
  const value = new URLSearchParams(search).get(RANGE_QUERY);
  return isTimeRange(value) ? value : DEFAULT_TIME_RANGE;
}
