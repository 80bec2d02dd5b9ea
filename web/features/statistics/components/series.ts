// Which of a page's series a device reports: a family without 60 GHz radios gets no 60 GHz line.
import type { MetricKey, MetricPoint } from '../../../../core/api/metrics.ts';

export type SeriesChoice = { readonly key: MetricKey; readonly label: string };

/** The series with at least one value in the range; all of them when none has any (the chart says so). */
export function reportedSeries(
  points: readonly MetricPoint[],
  choices: readonly SeriesChoice[],
): SeriesChoice[] {
  const reported = choices.filter(({ key }) => points.some((point) => point[key] !== null));
  return reported.length > 0 ? reported : [...choices];
}

/** Whether the device reported any of these numbers in the range. */
export const reportsAny = (points: readonly MetricPoint[], keys: readonly MetricKey[]) =>
  points.some((point) => keys.some((key) => point[key] !== null));
