// Wireless clients, traffic and alerts over the chosen range, each chart with its data as a table.
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '../../../../core/api/dashboards.ts';
import { TimeSeriesChart } from '../../../platform/charts/time-series-chart.tsx';
import { formatBitRate, formatNumber } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';

export function DashboardCharts({ data }: { readonly data: DashboardResponse }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const count = (value: number) => formatNumber(value, units, 1);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <TimeSeriesChart
        title={t('dashboards.charts.clients')}
        points={data.clients}
        series={[{ key: 'clients', label: t('dashboards.charts.clientsSeries') }]}
        format={count}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('dashboards.charts.traffic')}
        points={data.clients}
        series={[
          { key: 'rx_rate', label: t('dashboards.charts.received') },
          { key: 'tx_rate', label: t('dashboards.charts.sent') },
        ]}
        format={(value) => formatBitRate(value, units)}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('dashboards.charts.alerts')}
        points={data.alerts}
        series={[
          { key: 'critical', label: t('devices.health.critical') },
          { key: 'warning', label: t('devices.health.warning') },
        ]}
        format={count}
        timeZone={units.timeZone}
      />
    </Box>
  );
}
