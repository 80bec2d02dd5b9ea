// GET /apiv2/cloud/:cloudId/sites/:siteId/topology: the site's devices and the links between them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Topology } from '../../../../core/api/topology.ts';
import { apiGet } from '../../../platform/http.ts';
import { topologyKeys } from './keys.ts';

/** Between live events, the topology is read again once a minute: a stale link turns dashed unprompted. */
export const TOPOLOGY_REFRESH_MS = 60_000;

export function getTopology(cloudId: number, siteId: number) {
  return apiGet<Topology>(`/apiv2/cloud/${cloudId}/sites/${siteId}/topology`);
}

export function topologyQueryOptions(cloudId: number, siteId: number) {
  return queryOptions({
    queryKey: topologyKeys.site(cloudId, siteId),
    queryFn: () => getTopology(cloudId, siteId),
    refetchInterval: TOPOLOGY_REFRESH_MS,
  });
}

/** Nothing is asked before the site's cloud is known. */
export function useTopology(cloudId: number | null, siteId: number) {
  return useQuery({ ...topologyQueryOptions(cloudId ?? 0, siteId), enabled: cloudId !== null });
}
