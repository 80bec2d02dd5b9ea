// POST /apiv2/cloud/:cloudId/sites/:siteId/config/apply: sends the drafts to the site's devices as tasks
// (or, as a dry run, says which batches would take them and which devices are skipped); 400 names the
// problems of the documents, a device's at /devices/<id>/<leaf path>.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyResult, ApplySiteConfigBody } from '../../../../core/api/config.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function applySiteConfig(
  cloudId: number,
  siteId: number,
  body: ApplySiteConfigBody,
): Promise<ApplyResult> {
  return apiPost<ApplyResult>(`/apiv2/cloud/${cloudId}/sites/${siteId}/config/apply`, body);
}

export function useApplySiteConfig(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplySiteConfigBody) => applySiteConfig(cloudId, siteId, body),
    // A 400 names the problems that stop the apply: the dialog lists them.
    meta: FIELD_ERRORS,
    onSuccess: (result) =>
      result.dry_run ? undefined : queryClient.invalidateQueries({ queryKey: configKeys.all(cloudId) }),
  });
}
