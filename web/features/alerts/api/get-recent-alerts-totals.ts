// GET /apiv2/cloud/:cloudId/recent-alerts-totals: the count on the Alerts button (docs/api.md#the-calls, docs/constants.md refresh).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentAlertsTotals } from '../../../../core/api/alerts.ts';
import { ALERT_COUNT_REFRESH_MS, ALERT_COUNT_REFRESH_PUSH_MS } from '../../../../core/constants.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { alertsKeys } from './keys.ts';

export function getRecentAlertsTotals(cloudId: number): Promise<RecentAlertsTotals> {
  return apiGet<RecentAlertsTotals>(`/apiv2/cloud/${cloudId}/recent-alerts-totals`);
}

export function recentAlertsTotalsQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: alertsKeys.recentTotals(cloudId),
    queryFn: () => getRecentAlertsTotals(cloudId),
    // A badge that fails to load stays empty until the next poll rather than interrupting the page.
    meta: LOCAL_ERRORS,
  });
}

/** Push alerts bring news of new alerts, so the count is polled less often with them (docs/constants.md). */
export function useRecentAlertsTotals(cloudId: number, pushAlerts: boolean) {
  return useQuery({
    ...recentAlertsTotalsQueryOptions(cloudId),
    refetchInterval: pushAlerts ? ALERT_COUNT_REFRESH_PUSH_MS : ALERT_COUNT_REFRESH_MS,
  });
}
