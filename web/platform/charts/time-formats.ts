// How the times of a chart read: ticks as short as the span allows, tooltips and tables in full.
const DAY_MS = 86_400_000;

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    // A time zone the browser does not know: its own.
    return new Intl.DateTimeFormat(locale, options);
  }
}

export function timeFormats(
  points: readonly { readonly at: string }[],
  locale: string,
  timeZone: string | undefined,
): { tick: (at: Date) => string; full: (at: Date) => string } {
  const first = points[0] ? Date.parse(points[0].at) : 0;
  const last = points.at(-1) ? Date.parse(points.at(-1)?.at ?? '') : 0;
  const span = last - first;
  // Within two days the hour tells the points apart; over longer spans the day does.
  const tick = dateTimeFormat(
    locale,
    span <= 2 * DAY_MS ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric' },
    timeZone,
  );
  const full = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
  return { tick: (at) => tick.format(at), full: (at) => full.format(at) };
}
