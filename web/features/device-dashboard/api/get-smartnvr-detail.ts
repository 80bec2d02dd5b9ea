// GET /apiv2/cloud/:cloudId/smartnvrs/:smartNvrId: the recorder dashboard's identity, state and latest report.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmartNvrDetail } from '../../../../core/api/devices.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { deviceDashboardKeys } from './keys.ts';

// Recorders report every minute; live device events refresh it sooner (its key is under the dashboards').
const REFRESH_MS = 60_000;

export function getSmartNvrDetail(cloudId: number, smartNvrId: number): Promise<SmartNvrDetail> {
  return apiGet<SmartNvrDetail>(`/apiv2/cloud/${cloudId}/smartnvrs/${smartNvrId}`);
}

export function smartNvrDetailQueryOptions(cloudId: number, smartNvrId: number) {
  return queryOptions({
    queryKey: deviceDashboardKeys.smartNvr(cloudId, smartNvrId),
    // The dashboard shows its own loading, failed and not-found states.
    meta: LOCAL_ERRORS,
    queryFn: () => getSmartNvrDetail(cloudId, smartNvrId),
    refetchInterval: REFRESH_MS,
  });
}

export function useSmartNvrDetail(cloudId: number | null, smartNvrId: number) {
  return useQuery({ ...smartNvrDetailQueryOptions(cloudId ?? 0, smartNvrId), enabled: cloudId !== null });
}
