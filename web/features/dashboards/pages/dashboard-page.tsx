import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { DashboardResponse } from '../../../../core/api/dashboards.ts';
import { matchRoute, readPathIds, routes } from '../../../../core/routes.ts';
import { TimeRangePicker, useTimeRange } from '../../../platform/charts/time-range-picker.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { HealthLabel } from '../../alerts/index.ts';
import { useCachedMe } from '../../auth/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { DashboardCard } from '../components/dashboard-card.tsx';
import { DashboardCharts } from '../components/dashboard-charts.tsx';
import { DeviceCounts, type DeviceListHref } from '../components/device-counts.tsx';
import { FirmwareUse } from '../components/firmware-use.tsx';
import { ProblemSites } from '../components/problem-sites.tsx';
import { OpenAlerts, RunningTasks } from '../components/recent-activity.tsx';
import { SiteDevices, SitePosition } from '../components/site-overview.tsx';
import { SitesMap } from '../components/sites-map.tsx';

function Recorders({ recorders }: { readonly recorders: NonNullable<DashboardResponse['recorders']> }) {
  const { t } = useTranslation();
  const online = recorders.status.STATUS_ONLINE + recorders.status.STATUS_SKIPPED_HB;
  return (
    <DashboardCard title={t('dashboards.recorders.title')}>
      <Typography variant="h2" component="p">
        {recorders.total}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('dashboards.recorders.online', { total: online })}</Typography>
        <Typography variant="body2">
          {t('dashboards.recorders.offline', { total: recorders.status.STATUS_OFFLINE })}
        </Typography>
        {(['HEALTH_CRITICAL', 'HEALTH_WARNING'] as const).map((health) => (
          <Typography key={health} variant="body2" component="span" sx={{ display: 'inline-flex', gap: 0.5 }}>
            <HealthLabel health={health} /> {recorders.health[health]}
          </Typography>
        ))}
      </Stack>
    </DashboardCard>
  );
}

// A placeholder is decoration: the busy grid and the frame's progress bar say that the page is loading.
function Pending({ height }: { readonly height: number }) {
  return <Skeleton variant="rounded" height={height} aria-hidden="true" />;
}

function DashboardBody({ cloudId, siteId }: { readonly cloudId: number; readonly siteId?: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useTimeRange();
  const dashboard = useDashboard(cloudId, range, siteId);
  const listHref: DeviceListHref = (query) =>
    siteId === undefined
      ? routes.devices.href({ cloudId }, { query })
      : routes.siteDevices.href({ cloudId, siteId }, { query });
  const data = dashboard.data;
  // The counts and lists show first; the charts, slower to draw, right after.
  const [charts, setCharts] = useState(false);
  useEffect(() => {
    if (data) startTransition(() => setCharts(true));
  }, [data]);
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography component="p" variant="subtitle1" color="text.secondary">
          {data?.grouping && t('dashboards.page.grouping', { name: data.grouping.name })}
        </Typography>
        <TimeRangePicker value={range} onChange={setRange} />
      </Stack>
      {dashboard.isError && !data && (
        <LoadFailed message={t('dashboards.load.failed')} onRetry={() => dashboard.refetch()} />
      )}
      <Box aria-busy={!dashboard.isError && !(data && charts)} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {data ? (
          <DeviceCounts devices={data.devices} listHref={listHref} />
        ) : (
          !dashboard.isError && <Pending height={160} />
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {siteId !== undefined ? (
            <SiteDevices cloudId={cloudId} siteId={siteId} />
          ) : (
            data && <ProblemSites sites={data.problem_sites} />
          )}
          {data?.site ? (
            <SitePosition site={data.site} />
          ) : data?.recorders && data.recorders.total > 0 ? (
            <Recorders recorders={data.recorders} />
          ) : null}
          {/* Asked for at once, beside the dashboard's own call. */}
          <OpenAlerts cloudId={cloudId} siteId={siteId} />
          <RunningTasks cloudId={cloudId} siteId={siteId} />
          {siteId === undefined && <SitesMap cloudId={cloudId} />}
        </Box>
        {data && charts && <DashboardCharts data={data} />}
        {data && !charts && <Pending height={240} />}
        {data && <FirmwareUse firmware={data.firmware} />}
      </Box>
    </>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  const ids = readPathIds(pathname);
  // Site addresses carry no cloud id: the shell has already read the site's cloud.
  const objects = usePageObjects(pathname);
  const cloudId = ids.cloudId ?? objects.cloudId;
  const cloudName = useCachedMe()?.memberships.find(
    (membership) => membership.cloud_id === cloudId,
  )?.cloud_name;
  if (!match) return null;
  const subtitle = ids.siteId === undefined ? cloudName : objects.site?.name;
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography id="page-title" variant="h1">
          {t(routes[match.key].titleKey)}
        </Typography>
        {subtitle && (
          <Typography component="p" variant="subtitle1" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {cloudId === null ? (
        <Paper variant="outlined" aria-busy="true" sx={{ p: 2 }}>
          <Pending height={160} />
        </Paper>
      ) : (
        <DashboardBody key={`${cloudId}-${ids.siteId ?? ''}`} cloudId={cloudId} siteId={ids.siteId} />
      )}
    </Box>
  );
}
