// The time zones a site (and a person) may be in: the IANA zones the runtime knows, plus UTC, which
// Intl lists only under its region names.

/** Every accepted zone name, UTC first. */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];

const KNOWN = new Set(TIME_ZONES);

export const isTimeZone = (name: string): boolean => KNOWN.has(name);
