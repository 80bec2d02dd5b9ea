// POST /apiv2/cloud/:cloudId/sites/:siteId/config/revisions/:revisionId/rollback (and the same under
// .../devices/:deviceId/config): applies a site's or a device's revision again, as a new revision.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyResult, RollbackBody } from '../../../../core/api/config.ts';
import { apiPost } from '../../../platform/http.ts';
import { type ConfigOwner, ownerConfigPath } from './config-owner.ts';
import { configKeys } from './keys.ts';

export function rollbackConfigRevision(
  cloudId: number,
  owner: ConfigOwner,
  revisionId: number,
  body: RollbackBody,
): Promise<ApplyResult> {
  return apiPost<ApplyResult>(`${ownerConfigPath(cloudId, owner)}/revisions/${revisionId}/rollback`, body);
}

export function useRollbackConfigRevision(cloudId: number, owner: ConfigOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revisionId, body }: { revisionId: number; body: RollbackBody }) =>
      rollbackConfigRevision(cloudId, owner, revisionId, body),
    // The documents, the revisions and the site's devices' progress all move.
    onSuccess: (result) =>
      result.dry_run ? undefined : queryClient.invalidateQueries({ queryKey: configKeys.all(cloudId) }),
  });
}
