// LinqPath's calls (docs/linqpath.md) under /apiv2/cloud/:cloudId/linqpath.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LinqPathPlaces,
  LinqPathPlan,
  LinqPathPlanBody,
  LinqPathPlans,
} from '../../../../core/api/linqpath.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../platform/http.ts';
import { linqpathKeys } from './keys.ts';

const base = (cloudId: number) => `/apiv2/cloud/${cloudId}/linqpath`;

/** A page of the saved plans; only asked by members who see every site (docs/linqpath.md#who-may-use-it). */
export function useLinqPathPlans(cloudId: number | null, offset: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: linqpathKeys.plans(cloudId ?? 0, offset, limit),
    queryFn: () => apiGet<LinqPathPlans>(`${base(cloudId ?? 0)}/plans`, { offset, limit }),
    enabled: cloudId !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** Sites and link radios with coordinates whose name holds the search (at least 3 characters, or none). */
export function useLinqPathPlaces(cloudId: number | null, search: string) {
  return useQuery({
    queryKey: linqpathKeys.places(cloudId ?? 0, search),
    queryFn: () => apiGet<LinqPathPlaces>(`${base(cloudId ?? 0)}/places`, { search, limit: 20 }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Saves a new plan, or changes the one named. */
export function useSaveLinqPathPlan(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: ({ planId, body }: { planId: number | null; body: LinqPathPlanBody }) =>
      planId === null
        ? apiPost<LinqPathPlan>(`${base(cloudId)}/plans`, body)
        : apiPatch<LinqPathPlan>(`${base(cloudId)}/plans/${planId}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linqpathKeys.all(cloudId) }),
  });
}

export function useDeleteLinqPathPlan(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (planId: number) => apiDelete<{ ok: true }>(`${base(cloudId)}/plans/${planId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linqpathKeys.all(cloudId) }),
  });
}
