// Dates and times as the user reads them: in their language and time zone (SPEC §3 User timezone).

const DATE_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** The date and time in the given time zone; the browser's zone when that one is unknown to it. */
export function formatDateTime(at: Date, language: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(language, { ...DATE_TIME, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat(language, DATE_TIME).format(at);
  }
}
