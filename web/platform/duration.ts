// A duration (how long a device has been up, how far a recorder lags) in the two largest whole units that
// matter: "3 days 4 hr", "5 hr 12 min", "40 sec".
import type { UnitContext } from './units.ts';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

type Unit = 'day' | 'hour' | 'minute' | 'second';

function amount(value: number, unit: Unit, locale: string): string {
  const options = { style: 'unit', unit, unitDisplay: unit === 'day' ? 'long' : 'short' } as const;
  try {
    return new Intl.NumberFormat(locale, options).format(value);
  } catch {
    return new Intl.NumberFormat('en', options).format(value);
  }
}

export function formatDuration(seconds: number, { locale }: UnitContext): string {
  const days = Math.floor(seconds / DAY_S);
  const hours = Math.floor((seconds % DAY_S) / HOUR_S);
  const minutes = Math.floor((seconds % HOUR_S) / MINUTE_S);
  if (days > 0) return [amount(days, 'day', locale), amount(hours, 'hour', locale)].join(' ');
  if (hours > 0) return [amount(hours, 'hour', locale), amount(minutes, 'minute', locale)].join(' ');
  if (minutes > 0) return amount(minutes, 'minute', locale);
  return amount(Math.floor(seconds), 'second', locale);
}
