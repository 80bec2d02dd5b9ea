// A smart NVR's cameras and storage over time (docs/telemetry.md#recorders): each camera's recorded bitrate
// and the share of the time it was streaming, and the recording storage in use against what it holds.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ItemSeries, ItemSeriesField } from '../../../../core/api/item-metrics.ts';
import { TimeRangePicker, useTimeRange } from '../../../platform/charts/time-range-picker.tsx';
import { TimeSeriesChart, type TimeSeriesPoint } from '../../../platform/charts/time-series-chart.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { formatBitRate, formatBytes, formatPercent } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { useSmartNvrItemMetrics } from '../../statistics/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

const ID = 'dashboard-recorder-charts';

/** For each time, one value per item: `line` names the item's line. */
function perItem(
  at: readonly string[],
  items: readonly ItemSeries[],
  field: ItemSeriesField,
  scale = 1,
): TimeSeriesPoint<string>[] {
  return at.map((time, index) => {
    const point: Record<string, number | null | string> = { at: time };
    items.forEach((item, n) => {
      const value = item[field]?.[index] ?? null;
      point[`i${n}`] = value === null ? null : value * scale;
    });
    return point as TimeSeriesPoint<string>;
  });
}

export function RecorderCharts({
  cloudId,
  smartNvrId,
}: {
  readonly cloudId: number;
  readonly smartNvrId: number;
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const [range, setRange] = useTimeRange();
  const metrics = useSmartNvrItemMetrics(cloudId, smartNvrId, range);
  const data = metrics.data;
  const cameras = data?.camera ?? [];
  const storage = data?.storage[0];
  const lines = cameras.map((camera, n) => ({ key: `i${n}`, label: camera.name ?? camera.key }));
  return (
    <DashboardSection
      id={ID}
      title={t('deviceDashboard.recorderCharts.title')}
      action={<TimeRangePicker value={range} onChange={setRange} />}
      wide
    >
      {metrics.isError && !data ? (
        <LoadFailed
          message={t('deviceDashboard.recorderCharts.loadFailed')}
          onRetry={() => metrics.refetch()}
        />
      ) : !data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('deviceDashboard.recorderCharts.loading')} />
        </Box>
      ) : cameras.length === 0 && !storage ? (
        <Typography role="status">{t('deviceDashboard.recorderCharts.empty')}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {cameras.length > 0 && (
            <>
              <TimeSeriesChart
                title={t('deviceDashboard.recorderCharts.bitrate')}
                points={perItem(data.at, cameras, 'bitrate_kbps', 1000)}
                series={lines}
                format={(value) => formatBitRate(value, units)}
                timeZone={units.timeZone}
              />
              <TimeSeriesChart
                title={t('deviceDashboard.recorderCharts.streaming')}
                points={perItem(data.at, cameras, 'streaming')}
                series={lines}
                format={(value) => formatPercent(value, units)}
                timeZone={units.timeZone}
              />
            </>
          )}
          {storage && (
            <TimeSeriesChart
              title={t('deviceDashboard.recorderCharts.storage')}
              points={data.at.map((time, index) => ({
                at: time,
                used: storage.used_bytes?.[index] ?? null,
                total: storage.total_bytes?.[index] ?? null,
              }))}
              series={[
                { key: 'used', label: t('deviceDashboard.recorderCharts.storageUsed') },
                { key: 'total', label: t('deviceDashboard.recorderCharts.storageTotal') },
              ]}
              format={(value) => formatBytes(value, units)}
              timeZone={units.timeZone}
            />
          )}
        </Box>
      )}
    </DashboardSection>
  );
}
