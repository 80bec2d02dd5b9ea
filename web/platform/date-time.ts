// Dates and times as the user reads them: in their language, time zone and chosen date and time formats
// (docs/entities.md User timezone, date_format, time_format).
import { type DateFormat, isDateFormat, layoutDate } from '../../core/date-formats.ts';

export interface DateTimeContext {
  /** Language tag for Intl. */
  readonly locale: string;
  /** The user's time zone; the browser's when undefined or unknown to it. */
  readonly timeZone: string | undefined;
  readonly dateFormat?: string | undefined;
  readonly timeFormat?: string | undefined;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl formats are costly to build and lists format hundreds of times: keep one per shape. */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined });
    }
    formats.set(key, format);
  }
  return format;
}

/** The date and time in the user's zone, laid out in their date format and clock. */
export function formatDateTime(at: Date, context: DateTimeContext): string {
  const { locale, timeZone, dateFormat = '', timeFormat } = context;
  const time = formatTime(at, context);
  if (!isDateFormat(dateFormat)) {
    return `${dateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(at)}, ${time}`;
  }
  return `${formatDate(at, { locale, timeZone, dateFormat, timeFormat })} ${time}`;
}

/** The calendar date in the user's zone and date format. */
export function formatDate(at: Date, context: DateTimeContext & { readonly dateFormat: DateFormat }): string {
  const parts = dateTimeFormat('en-US', {
    timeZone: context.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return layoutDate(context.dateFormat, part('year'), part('month'), part('day'));
}

/** The time of day in the user's zone, on a 24-hour clock unless they chose 12 hours. */
export function formatTime(at: Date, context: DateTimeContext): string {
  const twelve = context.timeFormat === 'hh:mm A';
  return dateTimeFormat(context.locale, {
    timeZone: context.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(twelve ? { hour12: true } : { hourCycle: 'h23' }),
  }).format(at);
}
