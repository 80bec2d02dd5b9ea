// GET /apiv2/cloud/:cloudId/alerts for one device or recorder: its newest open alerts, and the newest open
// one of its own health, which says why it is in that health.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertHistory } from '../../../../core/api/activity.ts';
import type { HealthId } from '../../../../core/domain.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { activityKeys, scopeQuery } from '../../activity/index.ts';

/** The device or recorder an object's dashboard is about. */
export type DashboardScope = { readonly deviceId: number } | { readonly smartNvrId: number };

/** Open alerts a dashboard lists; the rest are on the object's Activity page. */
export const DASHBOARD_ALERTS = 5;

export function getOpenAlerts(
  cloudId: number,
  scope: DashboardScope,
  options: { limit: number; health?: HealthId },
): Promise<AlertHistory> {
  return apiGet<AlertHistory>(`/apiv2/cloud/${cloudId}/alerts`, {
    ...scopeQuery(scope),
    state: 'open',
    health: options.health,
    offset: 0,
    limit: options.limit,
  });
}

// Under the activity history's key, so acknowledging an alert and live alert events refresh it too.
export function openAlertsQueryOptions(cloudId: number, scope: DashboardScope, health?: HealthId) {
  return queryOptions({
    queryKey: activityKeys.openAlerts(cloudId, scope, health ?? 'all'),
    // The dashboard shows its own loading, failed and not-found states.
    meta: LOCAL_ERRORS,
    queryFn: () => getOpenAlerts(cloudId, scope, { limit: health ? 1 : DASHBOARD_ALERTS, health }),
  });
}

export function useOpenAlerts(cloudId: number | null, scope: DashboardScope) {
  return useQuery({ ...openAlertsQueryOptions(cloudId ?? 0, scope), enabled: cloudId !== null });
}

/** The alert behind a warning or critical health: the newest open alert of that health. */
export function useHealthReason(cloudId: number | null, scope: DashboardScope, health: HealthId | undefined) {
  const explains = health === 'HEALTH_WARNING' || health === 'HEALTH_CRITICAL';
  return useQuery({
    ...openAlertsQueryOptions(cloudId ?? 0, scope, health),
    enabled: cloudId !== null && explains,
    select: (page) => page.items[0] ?? null,
  });
}
