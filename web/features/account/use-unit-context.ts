// The signed-in user's language, measurement units, time zone and date and time formats, for numbers and
// times wherever they are shown.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateTimeContext, formatDateTime } from '../../platform/date-time.ts';
import { measurementUnitsOf, type UnitContext } from '../../platform/units.ts';
import { useCachedMe } from '../auth/index.ts';

/** Units, the user's time zone (the browser's when the user has none) and date and time formats. */
export type UnitContextWithZone = UnitContext & DateTimeContext;

export function useUnitContext(): UnitContextWithZone {
  const { i18n } = useTranslation();
  const user = useCachedMe()?.user;
  const measurementUnits = measurementUnitsOf(user);
  const timeZone = user?.timezone;
  const dateFormat = user?.date_format;
  const timeFormat = user?.time_format;
  return useMemo(
    () => ({ locale: i18n.language, measurementUnits, timeZone, dateFormat, timeFormat }),
    [i18n.language, measurementUnits, timeZone, dateFormat, timeFormat],
  );
}

/** Formats a timestamp (ISO 8601) as the signed-in user reads dates and times. */
export function useFormatDateTime(): (iso: string) => string {
  const context = useUnitContext();
  return useCallback((iso: string) => formatDateTime(new Date(iso), context), [context]);
}
