// When a report schedule runs next (docs/reports.md#schedules): daily, weekly on a day or monthly on a date,
// at a time of day in the schedule's time zone, across daylight-saving changes. Pure: no clock, no database.

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export type ReportScheduleTiming = {
  frequency: ReportFrequency;
  /** Weekly: 1 (Monday) to 7 (Sunday), as ISO 8601 numbers them. */
  weekday: number;
  /** Monthly: 1 to 31; a month without that date runs on its last day. */
  monthDay: number;
  /** Local time of day, "HH:MM" on a 24-hour clock. */
  time: string;
  /** IANA time zone the time of day is in. */
  timeZone: string;
};

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of a time zone at an instant, as if it were UTC (milliseconds). */
function wallClock(timeZone: string, at: number): number {
  const parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatter(timeZone).formatToParts(new Date(at))) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (timeZone: string, at: number) => wallClock(timeZone, at) - Math.floor(at / 1000) * 1000;

/**
 * The instant a local date and time stands for. A time that falls in a spring-forward gap is moved on by
 * the gap (02:30 on the night New York skips 02:00 to 03:00 is 03:30); a time that happens twice when the
 * clocks go back is its first occurrence.
 */
export function localToInstant(timeZone: string, local: number): number {
  const before = offsetAt(timeZone, local - DAY_MS);
  const after = offsetAt(timeZone, local + DAY_MS);
  const valid = [local - before, local - after].filter((at) => local - offsetAt(timeZone, at) === at);
  if (valid.length > 0) return Math.min(...valid);
  return local - before;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Whether a local date (midnight, as UTC milliseconds) is one the schedule runs on. */
function runsOn(timing: ReportScheduleTiming, date: Date): boolean {
  if (timing.frequency === 'daily') return true;
  if (timing.frequency === 'weekly') return ((date.getUTCDay() + 6) % 7) + 1 === timing.weekday;
  const last = daysInMonth(date.getUTCFullYear(), date.getUTCMonth());
  return date.getUTCDate() === Math.min(timing.monthDay, last);
}

/** The first run of the schedule strictly after `after`. */
export function nextRunAfter(timing: ReportScheduleTiming, after: Date): Date {
  const [hours = 0, minutes = 0] = timing.time.split(':').map(Number);
  const timeOfDay = (hours * 60 + minutes) * 60_000;
  const today = Math.floor(wallClock(timing.timeZone, after.getTime()) / DAY_MS) * DAY_MS;
  // A monthly run on the 31st is at most two months away; a day before today covers a shifted time.
  for (let day = today - DAY_MS; day <= today + 70 * DAY_MS; day += DAY_MS) {
    if (!runsOn(timing, new Date(day))) continue;
    const at = localToInstant(timing.timeZone, day + timeOfDay);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error('no run within 70 days');
}
