// docs/navigation.md#navigation-drawer Statistics > Networks: a device's traffic over time and, for radio links and mesh units, the
// signal, signal-to-noise ratio and capacity of its weakest link.
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '../../../platform/charts/time-series-chart.tsx';
import { formatBitRate, formatDb, formatDbm, formatMegabitRate } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { reportsAny } from '../components/series.ts';
import { StatisticsFrame } from '../components/statistics-frame.tsx';

export function NetworkStatisticsPage() {
  const { t } = useTranslation();
  const units = useUnitContext();
  return (
    <StatisticsFrame routeKey="deviceNetworkStatistics">
      {(points) => (
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
          {reportsAny(points, ['link_rssi', 'link_snr', 'link_capacity']) && (
            <>
              <TimeSeriesChart
                title={t('statistics.network.linkRssi')}
                points={points}
                series={[{ key: 'link_rssi', label: t('statistics.network.rssi') }]}
                format={(value) => formatDbm(value, units)}
                timeZone={units.timeZone}
              />
              <TimeSeriesChart
                title={t('statistics.network.linkSnr')}
                points={points}
                series={[{ key: 'link_snr', label: t('statistics.network.snr') }]}
                format={(value) => formatDb(value, units)}
                timeZone={units.timeZone}
              />
              <TimeSeriesChart
                title={t('statistics.network.linkCapacity')}
                points={points}
                series={[{ key: 'link_capacity', label: t('statistics.network.capacity') }]}
                format={(value) => formatMegabitRate(value, units)}
                timeZone={units.timeZone}
              />
            </>
          )}
        </>
      )}
    </StatisticsFrame>
  );
}
