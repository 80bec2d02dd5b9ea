// The signed-in user's language, measurement units and time zone, for numbers and times on charts.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCachedMe } from '../features/auth/api/get-me.ts';
import { measurementUnitsOf, type UnitContext } from '../platform/units.ts';

/** Units and the user's time zone (the browser's when the user has none). */
export type UnitContextWithZone = UnitContext & { readonly timeZone: string | undefined };

export function useUnitContext(): UnitContextWithZone {
  const { i18n } = useTranslation();
  const user = useCachedMe()?.user;
  const measurementUnits = measurementUnitsOf(user);
  const timeZone = user?.timezone;
  return useMemo(
    () => ({ locale: i18n.language, measurementUnits, timeZone }),
    [i18n.language, measurementUnits, timeZone],
  );
}
