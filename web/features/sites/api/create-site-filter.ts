// POST /apiv2/cloud/:cloudId/site-filters: saves a site grouping (docs/navigation.md#routes site-filter/add).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedSiteFilter, CreateSiteFilterBody } from '../../../../core/api/sites.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { invalidateSites } from './invalidate-sites.ts';

export function createSiteFilter(cloudId: number, body: CreateSiteFilterBody): Promise<CreatedSiteFilter> {
  return apiPost<CreatedSiteFilter>(`/apiv2/cloud/${cloudId}/site-filters`, body);
}

export function useCreateSiteFilter(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSiteFilterBody) => createSiteFilter(cloudId, body),
    meta: FIELD_ERRORS,
    onSuccess: () => invalidateSites(queryClient, cloudId),
  });
}
