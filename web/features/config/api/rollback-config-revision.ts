// POST /apiv2/cloud/:cloudId/sites/:siteId/config/revisions/:revisionId/rollback: applies a revision again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyResult, RollbackBody } from '../../../../core/api/config.ts';
import { apiPost } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function rollbackConfigRevision(
  cloudId: number,
  siteId: number,
  revisionId: number,
  body: RollbackBody,
): Promise<ApplyResult> {
  return apiPost<ApplyResult>(
    `/apiv2/cloud/${cloudId}/sites/${siteId}/config/revisions/${revisionId}/rollback`,
    body,
  );
}

export function useRollbackConfigRevision(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revisionId, body }: { revisionId: number; body: RollbackBody }) =>
      rollbackConfigRevision(cloudId, siteId, revisionId, body),
    onSuccess: (result) =>
      result.dry_run ? undefined : queryClient.invalidateQueries({ queryKey: configKeys.all(cloudId) }),
  });
}
