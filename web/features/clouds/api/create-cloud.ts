// POST /apiv2/clouds: a new cloud on a trial plan, its creator as Owner (docs/decisions.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCloudBody } from '../../../../core/api/cloud-management.ts';
import type { CloudSummary } from '../../../../core/api/clouds.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { cloudListQueryOptions } from './get-clouds.ts';

export function createCloud(body: CreateCloudBody): Promise<CloudSummary> {
  return apiPost<CloudSummary>('/apiv2/clouds', body);
}

export function useCreateCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCloud,
    meta: FIELD_ERRORS,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cloudListQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey, exact: true }),
      ]),
  });
}
