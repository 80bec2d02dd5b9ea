// GET /apiv2/cloud/:cloudId/tunnels: a page of the cloud's tunnels, newest first.
import { useQuery } from '@tanstack/react-query';
import type { TunnelList, TunnelListQuery } from '../../../../core/api/tunnels.ts';
import { apiGet } from '../../../platform/http.ts';
import { tunnelKeys } from './keys.ts';

/** The bytes a tunnel moved change as it is used: the list is read again every 10 seconds. */
const REFRESH_MS = 10_000;

export function listTunnels(cloudId: number, query: Partial<TunnelListQuery>) {
  return apiGet<TunnelList>(`/apiv2/cloud/${cloudId}/tunnels`, query);
}

export function useTunnels(cloudId: number | null, query: Partial<TunnelListQuery>) {
  return useQuery({
    queryKey: tunnelKeys.list(cloudId ?? 0, query),
    queryFn: () => listTunnels(cloudId ?? 0, query),
    enabled: cloudId !== null,
    refetchInterval: REFRESH_MS,
  });
}
