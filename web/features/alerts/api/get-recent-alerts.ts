// GET /apiv2/cloud/:cloudId/recent-alerts: the alerts panel's list (docs/navigation.md#top-bar-panels, docs/api.md#the-calls; docs/constants.md cache 1 hour).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentAlerts } from '../../../../core/api/alerts.ts';
import { ALERT_CACHE_MS, RECENT_ALERTS_LIMIT } from '../../../../core/constants.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { alertsKeys } from './keys.ts';

export function getRecentAlerts(cloudId: number): Promise<RecentAlerts> {
  return apiGet<RecentAlerts>(`/apiv2/cloud/${cloudId}/recent-alerts`, { limit: RECENT_ALERTS_LIMIT });
}

export function recentAlertsQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: alertsKeys.recent(cloudId),
    queryFn: () => getRecentAlerts(cloudId),
    // New alerts show in the unviewed total, which refreshes this list; otherwise it is kept an hour.
    staleTime: ALERT_CACHE_MS,
    gcTime: ALERT_CACHE_MS,
    // The panel shows the failure with a retry button.
    meta: LOCAL_ERRORS,
  });
}

/** The list as the open panel shows it; `refresh` fetches it again even when the cached copy is fresh. */
export function useRecentAlerts(cloudId: number, refresh: boolean) {
  return useQuery({ ...recentAlertsQueryOptions(cloudId), refetchOnMount: refresh ? 'always' : true });
}
