// When an alert was raised, in the user's language and time zone.
import { describe, expect, it } from 'vitest';
import { relativeTime } from './alert-time.tsx';

const now = new Date('2026-05-04T12:00:00.000Z');
const earlier = (ms: number) => new Date(now.getTime() - ms);

describe('alert time', () => {
  it('reads in minutes within the hour, hours within the day, then days', () => {
    expect(relativeTime(earlier(20_000), now, 'en')).toBe('this minute');
    expect(relativeTime(earlier(5 * 60_000), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(earlier(59 * 60_000), now, 'en')).toBe('59 minutes ago');
    expect(relativeTime(earlier(60 * 60_000), now, 'en')).toBe('1 hour ago');
    expect(relativeTime(earlier(23 * 3_600_000), now, 'en')).toBe('23 hours ago');
    expect(relativeTime(earlier(24 * 3_600_000), now, 'en')).toBe('yesterday');
    expect(relativeTime(earlier(6 * 24 * 3_600_000), now, 'en')).toBe('6 days ago');
  });

  it('reads a time a little ahead of ours as now', () => {
    expect(relativeTime(earlier(-30_000), now, 'en')).toBe('this minute');
  });

  it("follows the user's language", () => {
    expect(relativeTime(earlier(5 * 60_000), now, 'es-419')).toBe('hace 5 minutos');
  });
});
