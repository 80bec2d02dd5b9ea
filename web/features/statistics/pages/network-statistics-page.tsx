// docs/navigation.md#navigation-drawer Statistics > Networks: a device's throughput over time and what its family adds
// (docs/telemetry.md): a radio link's signal and signal-to-noise ratio at both ends, its MCS, its capacity
// against the throughput it carries and its availability; a gateway's WAN latency and loss; a switch's port
// errors; and per item, a switch's ports with their PoE draw and a gateway's WAN ports with their failovers.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricPoint } from '../../../../core/api/metrics.ts';
import { TimeSeriesChart } from '../../../platform/charts/time-series-chart.tsx';
import { formatBitRate, formatDb, formatDbm, formatNumber, formatPercent } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { ItemCharts } from '../components/item-charts.tsx';
import { reportedSeries, reportsAny } from '../components/series.ts';
import { StatisticsFrame } from '../components/statistics-frame.tsx';

export function NetworkStatisticsPage() {
  return (
    <StatisticsFrame routeKey="deviceNetworkStatistics">
      {(points) => <NetworkCharts points={points} />}
    </StatisticsFrame>
  );
}

/** A radio link's capacity and the throughput it carries, both in bits per second. */
function capacityPoints(points: readonly MetricPoint[]) {
  return points.map((point) => ({
    at: point.at,
    capacity: point.link_capacity === null ? null : point.link_capacity * 1_000_000,
    throughput:
      point.rx_rate === null && point.tx_rate === null ? null : (point.rx_rate ?? 0) + (point.tx_rate ?? 0),
  }));
}

function NetworkCharts({ points }: { readonly points: readonly MetricPoint[] }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const capacity = useMemo(() => capacityPoints(points), [points]);
  const link = reportsAny(points, ['link_rssi', 'link_snr', 'link_capacity']);
  const bothEnds = reportsAny(points, ['link_remote_rssi', 'link_remote_snr']);
  return (
    <>
      <TimeSeriesChart
        title={t('statistics.network.traffic')}
        points={points}
        series={[
          { key: 'rx_rate', label: t('statistics.network.received') },
          { key: 'tx_rate', label: t('statistics.network.sent') },
        ]}
        format={(value) => formatBitRate(value, units)}
        timeZone={units.timeZone}
      />
      {link && (
        <>
          <TimeSeriesChart
            title={t('statistics.network.linkRssi')}
            points={points}
            series={reportedSeries(points, [
              {
                key: 'link_rssi',
                label: bothEnds ? t('statistics.network.thisEnd') : t('statistics.network.rssi'),
              },
              { key: 'link_remote_rssi', label: t('statistics.network.farEnd') },
            ])}
            format={(value) => formatDbm(value, units)}
            timeZone={units.timeZone}
          />
          <TimeSeriesChart
            title={t('statistics.network.linkSnr')}
            points={points}
            series={reportedSeries(points, [
              {
                key: 'link_snr',
                label: bothEnds ? t('statistics.network.thisEnd') : t('statistics.network.snr'),
              },
              { key: 'link_remote_snr', label: t('statistics.network.farEnd') },
            ])}
            format={(value) => formatDb(value, units)}
            timeZone={units.timeZone}
          />
          <TimeSeriesChart
            title={t('statistics.network.linkCapacity')}
            points={capacity}
            series={[
              { key: 'capacity', label: t('statistics.network.capacity') },
              { key: 'throughput', label: t('statistics.network.throughput') },
            ]}
            format={(value) => formatBitRate(value, units)}
            timeZone={units.timeZone}
          />
        </>
      )}
      {reportsAny(points, ['link_mcs']) && (
        <TimeSeriesChart
          title={t('statistics.network.mcs')}
          points={points}
          series={[{ key: 'link_mcs', label: t('statistics.network.mcsSeries') }]}
          format={(value) => formatNumber(value, units, 1)}
          timeZone={units.timeZone}
        />
      )}
      {reportsAny(points, ['link_availability']) && (
        <TimeSeriesChart
          title={t('statistics.network.availability')}
          points={points}
          series={[{ key: 'link_availability', label: t('statistics.network.linksUp') }]}
          format={(value) => formatPercent(value, units)}
          timeZone={units.timeZone}
        />
      )}
      {reportsAny(points, ['wan_latency', 'wan_loss']) && (
        <>
          <TimeSeriesChart
            title={t('statistics.network.wanLatency')}
            points={points}
            series={[{ key: 'wan_latency', label: t('statistics.network.latency') }]}
            format={(value) => t('statistics.network.milliseconds', { value: formatNumber(value, units, 1) })}
            timeZone={units.timeZone}
          />
          <TimeSeriesChart
            title={t('statistics.network.wanLoss')}
            points={points}
            series={[{ key: 'wan_loss', label: t('statistics.network.loss') }]}
            format={(value) => formatPercent(value, units)}
            timeZone={units.timeZone}
          />
        </>
      )}
      {reportsAny(points, ['error_rate']) && (
        <TimeSeriesChart
          title={t('statistics.network.portErrors')}
          points={points}
          series={[{ key: 'error_rate', label: t('statistics.network.errorsPerMinute') }]}
          format={(value) => formatNumber(value, units, 2)}
          timeZone={units.timeZone}
        />
      )}
      <ItemCharts routeKey="deviceNetworkStatistics" families={['port', 'wan']} points={points} />
    </>
  );
}
