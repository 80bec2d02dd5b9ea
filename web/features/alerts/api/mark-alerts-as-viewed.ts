// POST /apiv2/cloud/:cloudId/mark-alerts-as-viewed: closing the alerts panel marks every alert viewed (docs/states.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecentAlerts } from '../../../../core/api/alerts.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { recentAlertsQueryOptions } from './get-recent-alerts.ts';
import { recentAlertsTotalsQueryOptions } from './get-recent-alerts-totals.ts';

export function markAlertsAsViewed(cloudId: number): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>(`/apiv2/cloud/${cloudId}/mark-alerts-as-viewed`);
}

/** Afterwards the badge reads 0 and the cached list shows its alerts as seen, without fetching either. */
export function useMarkAlertsAsViewed(cloudId: number) {
  const queryClient = useQueryClient();
  const totals = recentAlertsTotalsQueryOptions(cloudId).queryKey;
  const list = recentAlertsQueryOptions(cloudId).queryKey;
  return useMutation({
    mutationFn: () => markAlertsAsViewed(cloudId),
    // A count fetched before the mark landed would bring the old total back.
    onMutate: () => queryClient.cancelQueries({ queryKey: totals, exact: true }),
    onSuccess: () => {
      // The list first: a total of 0 next to a list already seen needs no refetch (use-new-alert-toast.ts).
      // The list keeps its age: it is still the copy fetched then, only seen now.
      queryClient.setQueryData(
        list,
        (cached: RecentAlerts | undefined) =>
          cached && { ...cached, alerts: cached.alerts.map((alert) => ({ ...alert, is_viewed: true })) },
        { updatedAt: queryClient.getQueryState(list)?.dataUpdatedAt },
      );
      queryClient.setQueryData(totals, { notViewedTotal: 0 });
    },
    // The badge keeps its count and the next close tries again.
    meta: LOCAL_ERRORS,
  });
}
