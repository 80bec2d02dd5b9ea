// POST /apiv2/cloud/:cloudId {user: {push_alerts}}: push alerts on or off for the user's membership (docs/api.md#the-calls).
import type { QueryClient } from '@tanstack/react-query';
import type { Cloud, PushAlerts } from '../../../../core/api/clouds.ts';
import { apiPost } from '../../../platform/http.ts';
import { type Me, meQueryOptions } from '../../auth/index.ts';
import { cloudQueryOptions } from '../../clouds/index.ts';

export function setPushAlerts(cloudId: number, pushAlerts: boolean): Promise<PushAlerts> {
  return apiPost<PushAlerts>(`/apiv2/cloud/${cloudId}`, { user: { push_alerts: pushAlerts } });
}

/**
 * The membership in the cached `me` and cloud follows at once, so the Alerts button polls at the push
 * rate (docs/constants.md) without fetching them again.
 */
export function storePushAlerts(queryClient: QueryClient, cloudId: number, pushAlerts: boolean): void {
  queryClient.setQueryData(meQueryOptions().queryKey, (me: Me | undefined) =>
    me
      ? {
          ...me,
          memberships: me.memberships.map((membership) =>
            membership.cloud_id === cloudId ? { ...membership, push_alerts: pushAlerts } : membership,
          ),
        }
      : me,
  );
  queryClient.setQueryData(cloudQueryOptions(cloudId).queryKey, (cloud: Cloud | undefined) =>
    cloud ? { ...cloud, push_alerts: pushAlerts } : cloud,
  );
}
