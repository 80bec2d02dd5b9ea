// Demo timestamps are offsets from the seeding time, so the data always looks recent.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Offset = { days?: number; hours?: number; minutes?: number; seconds?: number };

/** `from` moved by the offset; negative values go into the past. */
export function shift(from: Date, { days = 0, hours = 0, minutes = 0, seconds = 0 }: Offset): Date {
  return new Date(from.getTime() + days * DAY + hours * HOUR + minutes * MINUTE + seconds * SECOND);
}

export function daysAgo(now: Date, days: number): Date {
  return shift(now, { days: -days });
}
