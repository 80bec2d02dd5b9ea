// GET /apiv2/cloud/:cloudId/dashboard: the cloud's dashboard (narrowed by the active site grouping) or a site's.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../../core/api/dashboards.ts';
import type { TimeRange } from '../../../../core/time-range.ts';
import { apiGet } from '../../../platform/http.ts';
import { dashboardsKeys } from './keys.ts';

/** Live updates refetch it on device and alert events; this is the floor when the stream is down. */
const DASHBOARD_REFRESH_MS = 60_000;

/** The page's call, which its route also starts while the page's code loads (web/app/router.tsx). */
export const dashboardQuery = (cloudId: number, range: TimeRange, siteId?: number) =>
  queryOptions({
    queryKey: dashboardsKeys.dashboard(cloudId, siteId ?? null, range),
    queryFn: () => apiGet<DashboardResponse>(`/apiv2/cloud/${cloudId}/dashboard`, { range, site_id: siteId }),
  });

export function useDashboard(cloudId: number, range: TimeRange, siteId?: number) {
  return useQuery({
    ...dashboardQuery(cloudId, range, siteId),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
