// How a user reads dates and times (docs/entities.md User date_format, time_format), chosen in Your Profile.

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** 24-hour or 12-hour clock. */
export const TIME_FORMATS = ['HH:mm', 'hh:mm A'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

export const isDateFormat = (value: string): value is DateFormat =>
  (DATE_FORMATS as readonly string[]).includes(value);
export const isTimeFormat = (value: string): value is TimeFormat =>
  (TIME_FORMATS as readonly string[]).includes(value);

/** A calendar date laid out in a date format. */
export function layoutDate(format: DateFormat, year: string, month: string, day: string): string {
  switch (format) {
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'DD.MM.YYYY':
      return `${day}.${month}.${year}`;
    default:
      return `${year}-${month}-${day}`;
  }
}
