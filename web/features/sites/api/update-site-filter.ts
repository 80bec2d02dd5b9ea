// PATCH /apiv2/cloud/:cloudId/site-filters/:siteFilterId: renames a grouping or changes its sites.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteFilter, UpdateSiteFilterBody } from '../../../../core/api/sites.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPatch } from '../../../platform/http.ts';
import { invalidateSites } from './invalidate-sites.ts';

export function updateSiteFilter(
  cloudId: number,
  siteFilterId: number,
  body: UpdateSiteFilterBody,
): Promise<SiteFilter> {
  return apiPatch<SiteFilter>(`/apiv2/cloud/${cloudId}/site-filters/${siteFilterId}`, body);
}

export function useUpdateSiteFilter(cloudId: number, siteFilterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteFilterBody) => updateSiteFilter(cloudId, siteFilterId, body),
    meta: FIELD_ERRORS,
    onSuccess: () => invalidateSites(queryClient, cloudId),
  });
}
