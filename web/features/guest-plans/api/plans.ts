// The service plan calls (docs/guest-access.md#service-plans) under /apiv2/cloud/:cloudId/authport/plans.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestPlan, GuestPlanBody, GuestPlanList } from '../../../../core/api/guest-plans.ts';
import { LIST_LIMIT_MAX } from '../../../../core/api/list-query.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../platform/http.ts';
import { guestPlanKeys } from './keys.ts';

const plansPath = (cloudId: number) => `/apiv2/cloud/${cloudId}/authport/plans`;

export function useGuestPlans(cloudId: number | null, offset: number, limit: number) {
  return useQuery({
    queryKey: guestPlanKeys.list(cloudId ?? 0, offset, limit),
    queryFn: () => apiGet<GuestPlanList>(plansPath(cloudId ?? 0), { offset, limit }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The plans to choose from in the Accounts page's dialogs and filter: the first 100 by name. */
export function usePlanChoices(cloudId: number | null) {
  return useGuestPlans(cloudId, 0, LIST_LIMIT_MAX);
}

/** Makes a plan, or changes the one named. */
export function useSavePlan(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: ({ planId, body }: { planId: number | null; body: GuestPlanBody }) =>
      planId === null
        ? apiPost<GuestPlan>(plansPath(cloudId), body)
        : apiPatch<GuestPlan>(`${plansPath(cloudId)}/${planId}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestPlanKeys.all(cloudId) }),
  });
}

export function useDeletePlan(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (planId: number) => apiDelete<{ ok: true }>(`${plansPath(cloudId)}/${planId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestPlanKeys.all(cloudId) }),
  });
}
