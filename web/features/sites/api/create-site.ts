// POST /apiv2/cloud/:cloudId/sites: the site picker's "Create a new site" (SPEC §2.3); 400 on a duplicate name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedSite, CreateSiteBody } from '../../../../core/api/sites.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { sitesListKey } from './get-sites.ts';
import { sitesSelectKey } from './get-sites-select.ts';

export function createSite(cloudId: number, body: CreateSiteBody): Promise<CreatedSite> {
  return apiPost<CreatedSite>(`/apiv2/cloud/${cloudId}/sites`, body);
}

export function useCreateSite(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSiteBody) => createSite(cloudId, body),
    // The caller shows a refused name in the prompt and hands other failures to the error policy.
    meta: LOCAL_ERRORS,
    // The pickers and the site list both show the new site.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sitesSelectKey(cloudId) }),
        queryClient.invalidateQueries({ queryKey: sitesListKey(cloudId) }),
      ]),
  });
}
