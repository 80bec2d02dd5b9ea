// POST /apiv2/cloud/:cloudId/sites: the site picker's "Create a new site" (docs/navigation.md#top-bar-panels) and the sites/add page;
// 400 on a duplicate name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedSite, CreateSiteBody } from '../../../../core/api/sites.ts';
import { FIELD_ERRORS, LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { sitesKeys } from './keys.ts';

export function createSite(cloudId: number, body: CreateSiteBody): Promise<CreatedSite> {
  return apiPost<CreatedSite>(`/apiv2/cloud/${cloudId}/sites`, body);
}

/**
 * 'local': the caller shows a refused name in its prompt and hands other failures to the error policy;
 * 'fields': a form shows a 400 beside its fields and the policy reports any other failure.
 */
export function useCreateSite(cloudId: number, errors: 'local' | 'fields' = 'local') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSiteBody) => createSite(cloudId, body),
    meta: errors === 'local' ? LOCAL_ERRORS : FIELD_ERRORS,
    // The pickers and the site list both show the new site.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sitesKeys.selects(cloudId) }),
        queryClient.invalidateQueries({ queryKey: sitesKeys.lists(cloudId) }),
      ]),
  });
}
