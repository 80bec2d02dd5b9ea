// PATCH /apiv2/cloud/:cloudId/sites/:siteId: changes Site Properties; 400 names the refused fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteProperties, UpdateSiteBody } from '../../../../core/api/sites.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPatch } from '../../../platform/http.ts';
import { invalidateSites } from './invalidate-sites.ts';

export function updateSite(cloudId: number, siteId: number, body: UpdateSiteBody): Promise<SiteProperties> {
  return apiPatch<SiteProperties>(`/apiv2/cloud/${cloudId}/sites/${siteId}`, body);
}

export function useUpdateSite(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteBody) => updateSite(cloudId, siteId, body),
    meta: FIELD_ERRORS,
    onSuccess: () => invalidateSites(queryClient, cloudId),
  });
}
