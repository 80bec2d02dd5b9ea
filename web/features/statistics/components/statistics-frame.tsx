import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MetricPoint } from '../../../../core/api/metrics.ts';
import { routes } from '../../../../core/routes.ts';
import { TimeRangePicker, useTimeRange } from '../../../platform/charts/time-range-picker.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useDeviceMetrics } from '../api/get-device-metrics.ts';

export type StatisticsRouteKey =
  | 'deviceWirelessStatistics'
  | 'deviceNetworkStatistics'
  | 'deviceSystemStatistics';

const TITLE_ID = 'page-title';

export function StatisticsFrame({
  routeKey,
  children,
}: {
  readonly routeKey: StatisticsRouteKey;
  /** The charts of the page, drawn from the device's points in the chosen range. */
  readonly children: (points: readonly MetricPoint[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { deviceId } = useRouteParams(routeKey);
  // The address names the site and device only: the shell has already read the device's cloud.
  const objects = usePageObjects(useLocation().pathname);
  const [range, setRange] = useTimeRange();
  const metrics = useDeviceMetrics(objects.cloudId, deviceId, range);
  const failed = objects.error !== null || (metrics.isError && !metrics.data);
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography id={TITLE_ID} variant="h1">
          {t(routes[routeKey].titleKey)}
        </Typography>
        <TimeRangePicker value={range} onChange={setRange} />
      </Box>
      {failed ? (
        <LoadFailed message={t('statistics.page.loadFailed')} onRetry={() => metrics.refetch()} />
      ) : !metrics.data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('statistics.page.loading')} />
        </Box>
      ) : (
        <>
          {metrics.isPlaceholderData && <LinearProgress aria-label={t('statistics.page.loading')} />}
          {metrics.data.points.length === 0 ? (
            <Typography role="status" sx={{ py: 2 }}>
              {t('statistics.page.empty')}
            </Typography>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {children(metrics.data.points)}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
