import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

const now = new Date('2026-05-04T12:00:00.000Z');

describe('formatDateTime', () => {
  it("gives the full date and time in the user's time zone", () => {
    expect(formatDateTime(now, 'en', 'UTC')).toBe('May 4, 2026, 12:00 PM');
    expect(formatDateTime(now, 'en', 'Asia/Tokyo')).toBe('May 4, 2026, 9:00 PM');
  });

  it("falls back to the browser's zone for a zone it does not know", () => {
    expect(formatDateTime(now, 'en', 'Nowhere/Atlantis')).toBe(formatDateTime(now, 'en', undefined));
  });
});
