import { describe, expect, it } from 'vitest';
import { nextRunAfter, type ReportScheduleTiming } from './schedule.ts';

const daily = (time: string, timeZone: string): ReportScheduleTiming => ({
  frequency: 'daily',
  weekday: 1,
  monthDay: 1,
  time,
  timeZone,
});
const iso = (date: Date) => date.toISOString();

describe('nextRunAfter', () => {
  it('runs a daily 02:30 in Vilnius at 02:30 local time on the night the clocks go forward (03:00 to 04:00)', () => {
    const timing = daily('02:30', 'Europe/Vilnius');
    // 27 March 2027 is on winter time (UTC+2); the clocks go forward at 03:00 on the 28th.
    expect(iso(nextRunAfter(timing, new Date('2027-03-27T01:00:00Z')))).toBe('2027-03-28T00:30:00.000Z');
    // The day after is on summer time (UTC+3).
    expect(iso(nextRunAfter(timing, new Date('2027-03-28T00:30:00Z')))).toBe('2027-03-28T23:30:00.000Z');
  });

  it('moves a time in the skipped hour on by the hour: 03:30 in Vilnius, 02:30 in New York', () => {
    expect(iso(nextRunAfter(daily('03:30', 'Europe/Vilnius'), new Date('2027-03-27T12:00:00Z')))).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    // New York skips 02:00 to 03:00 on 14 March 2027: the run is at 03:30 EDT.
    const newYork = daily('02:30', 'America/New_York');
    expect(iso(nextRunAfter(newYork, new Date('2027-03-13T12:00:00Z')))).toBe('2027-03-14T07:30:00.000Z');
    expect(iso(nextRunAfter(newYork, new Date('2027-03-14T07:30:00Z')))).toBe('2027-03-15T06:30:00.000Z');
  });

  it('runs a time that happens twice when the clocks go back once, at its first occurrence', () => {
    const newYork = daily('01:30', 'America/New_York');
    expect(iso(nextRunAfter(newYork, new Date('2027-11-06T12:00:00Z')))).toBe('2027-11-07T05:30:00.000Z');
    expect(iso(nextRunAfter(newYork, new Date('2027-11-07T05:30:00Z')))).toBe('2027-11-08T06:30:00.000Z');
  });

  it('runs weekly on its weekday and monthly on its date, or the last day of a shorter month', () => {
    const weekly: ReportScheduleTiming = { ...daily('08:00', 'UTC'), frequency: 'weekly', weekday: 1 };
    // 2027-01-06 is a Wednesday; the next Monday is the 11th.
    expect(iso(nextRunAfter(weekly, new Date('2027-01-06T09:00:00Z')))).toBe('2027-01-11T08:00:00.000Z');
    const monthly: ReportScheduleTiming = {
      ...daily('06:00', 'Asia/Tokyo'),
      frequency: 'monthly',
      monthDay: 31,
    };
    expect(iso(nextRunAfter(monthly, new Date('2027-02-01T00:00:00Z')))).toBe('2027-02-27T21:00:00.000Z');
    expect(iso(nextRunAfter(monthly, new Date('2027-02-27T21:00:00Z')))).toBe('2027-03-30T21:00:00.000Z');
  });

  it('runs later the same day when the time has not passed yet', () => {
    expect(iso(nextRunAfter(daily('23:00', 'America/New_York'), new Date('2027-06-01T12:00:00Z')))).toBe(
      '2027-06-02T03:00:00.000Z',
    );
  });
});
