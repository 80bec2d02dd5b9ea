// docs/navigation.md#navigation-drawer Statistics > Wireless: a device's clients, channel utilisation and noise per band over
// time, and how often its radios send again (docs/telemetry.md#what-each-family-adds).
import { useTranslation } from 'react-i18next';
import type { MetricKey, MetricPoint } from '../../../../core/api/metrics.ts';
import { TimeSeriesChart } from '../../../platform/charts/time-series-chart.tsx';
import { formatDbm, formatNumber, formatPercent } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { ItemCharts } from '../components/item-charts.tsx';
import { reportedSeries, reportsAny, type SeriesChoice } from '../components/series.ts';
import { StatisticsFrame } from '../components/statistics-frame.tsx';

type BandKeys = readonly [MetricKey, MetricKey, MetricKey, MetricKey];
const CLIENTS: BandKeys = ['clients24', 'clients5', 'clients6', 'clients60'];
const UTILISATION: BandKeys = ['util24', 'util5', 'util6', 'util60'];
const NOISE: BandKeys = ['noise24', 'noise5', 'noise6', 'noise60'];

/**
 * The bands of a chart the device has a radio on (a heartbeat counts 0 clients on every band, radio or
 * not); the bands with values when it reports no radio at all.
 */
function bandSeries(
  points: readonly MetricPoint[],
  keys: BandKeys,
  labels: readonly string[],
): SeriesChoice[] {
  const choices = keys.map((key, band) => ({ key, label: labels[band] ?? key }));
  const withRadio = choices.filter((_, band) =>
    reportsAny(points, [UTILISATION[band] ?? 'util24', NOISE[band] ?? 'noise24']),
  );
  return reportedSeries(points, withRadio.length > 0 ? withRadio : choices);
}

export function WirelessStatisticsPage() {
  const { t } = useTranslation();
  const units = useUnitContext();
  const labels = [
    t('statistics.band.ghz24'),
    t('statistics.band.ghz5'),
    t('statistics.band.ghz6'),
    t('statistics.band.ghz60'),
  ];
  return (
    <StatisticsFrame routeKey="deviceWirelessStatistics">
      {(points) => (
        <>
          <TimeSeriesChart
            title={t('statistics.wireless.clients')}
            points={points}
            series={bandSeries(points, CLIENTS, labels)}
            format={(value) => formatNumber(value, units, 1)}
            timeZone={units.timeZone}
          />
          <TimeSeriesChart
            title={t('statistics.wireless.utilisation')}
            points={points}
            series={bandSeries(points, UTILISATION, labels)}
            format={(value) => formatPercent(value, units)}
            timeZone={units.timeZone}
          />
          <TimeSeriesChart
            title={t('statistics.wireless.noise')}
            points={points}
            series={bandSeries(points, NOISE, labels)}
            format={(value) => formatDbm(value, units)}
            timeZone={units.timeZone}
          />
          {reportsAny(points, ['retries']) && (
            <TimeSeriesChart
              title={t('statistics.wireless.retries')}
              points={points}
              series={[{ key: 'retries', label: t('statistics.wireless.retriesSeries') }]}
              format={(value) => formatPercent(value, units)}
              timeZone={units.timeZone}
            />
          )}
          <ItemCharts routeKey="deviceWirelessStatistics" families={['radio', 'ssid']} points={points} />
        </>
      )}
    </StatisticsFrame>
  );
}
