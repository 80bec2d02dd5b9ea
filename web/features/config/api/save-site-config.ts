// PUT /apiv2/cloud/:cloudId/sites/:siteId/config: saves drafts and variables, or drops drafts; 400 names the
// refused leaves (/documents/<type>/<leaf path>) with the rule each breaks.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSiteConfigBody, SiteConfig } from '../../../../core/api/config.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPut } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function saveSiteConfig(
  cloudId: number,
  siteId: number,
  body: SaveSiteConfigBody,
): Promise<SiteConfig> {
  return apiPut<SiteConfig>(`/apiv2/cloud/${cloudId}/sites/${siteId}/config`, body);
}

export function useSaveSiteConfig(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSiteConfigBody) => saveSiteConfig(cloudId, siteId, body),
    meta: FIELD_ERRORS,
    onSuccess: (saved) => {
      queryClient.setQueryData(configKeys.siteDocuments(cloudId, siteId), saved);
      return queryClient.invalidateQueries({ queryKey: configKeys.site(cloudId, siteId) });
    },
  });
}
