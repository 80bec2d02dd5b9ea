// docs/navigation.md#navigation-drawer Statistics > System: a device's CPU load, memory use, temperature (in the user's measurement
// units) and power over time, against the power budget where the device has one (docs/telemetry.md).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricPoint } from '../../../../core/api/metrics.ts';
import { TimeSeriesChart } from '../../../platform/charts/time-series-chart.tsx';
import { convertTemperature, formatDegrees, formatPercent, formatWatts } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { reportsAny } from '../components/series.ts';
import { StatisticsFrame } from '../components/statistics-frame.tsx';

export function SystemStatisticsPage() {
  return (
    <StatisticsFrame routeKey="deviceSystemStatistics">
      {(points) => <SystemCharts points={points} />}
    </StatisticsFrame>
  );
}

function SystemCharts({ points }: { readonly points: readonly MetricPoint[] }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  // The axis is drawn in the user's degrees, so its steps are round numbers in them.
  const temperatures = useMemo(
    () =>
      points.map((point) => ({
        at: point.at,
        temp: point.temp === null ? null : convertTemperature(point.temp, units.measurementUnits),
      })),
    [points, units.measurementUnits],
  );
  return (
    <>
      <TimeSeriesChart
        title={t('statistics.system.cpu')}
        points={points}
        series={[{ key: 'cpu', label: t('statistics.system.cpuLoad') }]}
        format={(value) => formatPercent(value, units)}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('statistics.system.memory')}
        points={points}
        series={[{ key: 'mem', label: t('statistics.system.memoryUsed') }]}
        format={(value) => formatPercent(value, units)}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('statistics.system.temperature')}
        points={temperatures}
        series={[{ key: 'temp', label: t('statistics.system.temperature') }]}
        format={(value) => formatDegrees(value, units)}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('statistics.system.power')}
        points={points}
        series={
          reportsAny(points, ['power_budget'])
            ? [
                { key: 'power', label: t('statistics.system.powerDrawn') },
                { key: 'power_budget', label: t('statistics.system.powerBudget') },
              ]
            : [{ key: 'power', label: t('statistics.system.powerDrawn') }]
        }
        format={(value) => formatWatts(value, units)}
        timeZone={units.timeZone}
      />
    </>
  );
}
