import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

const now = new Date('2026-05-04T15:07:00.000Z');
const utc = { locale: 'en', timeZone: 'UTC' };

describe('formatDateTime', () => {
  it('lays the date out in each date format, in the user’s time zone', () => {
    expect(formatDateTime(now, { ...utc, dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm' })).toBe(
      '2026-05-04 15:07',
    );
    expect(formatDateTime(now, { ...utc, dateFormat: 'DD/MM/YYYY', timeFormat: 'HH:mm' })).toBe(
      '04/05/2026 15:07',
    );
    expect(formatDateTime(now, { ...utc, dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm' })).toBe(
      '05/04/2026 15:07',
    );
    const tokyo = { locale: 'en', timeZone: 'Asia/Tokyo', dateFormat: 'DD.MM.YYYY', timeFormat: 'HH:mm' };
    expect(formatDateTime(now, tokyo)).toBe('05.05.2026 00:07');
  });

  it('shows a 12-hour clock in the user’s language', () => {
    expect(formatDateTime(now, { ...utc, dateFormat: 'YYYY-MM-DD', timeFormat: 'hh:mm A' })).toBe(
      '2026-05-04 03:07 PM',
    );
    const japanese = formatDateTime(now, {
      locale: 'ja',
      timeZone: 'UTC',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: 'hh:mm A',
    });
    expect(japanese).toBe('2026-05-04 午後03:07');
  });

  it('falls back to the language’s own date for a format it does not know', () => {
    expect(formatDateTime(now, { ...utc, dateFormat: 'Y', timeFormat: 'HH:mm' })).toBe('May 4, 2026, 15:07');
  });

  it("falls back to the browser's zone for a zone it does not know", () => {
    const context = { locale: 'en', dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm' };
    expect(formatDateTime(now, { ...context, timeZone: 'Nowhere/Atlantis' })).toBe(
      formatDateTime(now, { ...context, timeZone: undefined }),
    );
  });
});
