// A client's signal and traffic hour by hour over the page's range, from its hourly samples.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ClientSample } from '../../../../core/api/clients.ts';
import { TimeSeriesChart } from '../../../platform/charts/time-series-chart.tsx';
import { formatBytes, formatDbm } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';

export function ClientCharts({ samples }: { readonly samples: readonly ClientSample[] }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <TimeSeriesChart
          title={t('clients.chart.signal')}
          points={samples}
          series={[{ key: 'rssi', label: t('clients.detail.rssi') }]}
          format={(value) => formatDbm(value, units)}
          timeZone={units.timeZone}
        />
        <TimeSeriesChart
          title={t('clients.chart.traffic')}
          points={samples}
          series={[
            { key: 'rx_bytes', label: t('clients.chart.received') },
            { key: 'tx_bytes', label: t('clients.chart.sent') },
          ]}
          format={(value) => formatBytes(value, units)}
          timeZone={units.timeZone}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('clients.chart.note')}
      </Typography>
    </Box>
  );
}
