// PATCH /apiv2/cloud/:cloudId: Cloud Properties (docs/navigation.md#routes edit), manage_licenses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCloudBody } from '../../../../core/api/cloud-management.ts';
import type { Cloud } from '../../../../core/api/clouds.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPatch } from '../../../platform/http.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { cloudQueryOptions } from './get-cloud.ts';
import { cloudListQueryOptions } from './get-clouds.ts';

export function updateCloud(cloudId: number, body: UpdateCloudBody): Promise<Cloud> {
  return apiPatch<Cloud>(`/apiv2/cloud/${cloudId}`, body);
}

/** The answer replaces the cached cloud at once, so the billing country reminder ends without a reload. */
export function useUpdateCloud(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCloudBody) => updateCloud(cloudId, body),
    meta: FIELD_ERRORS,
    onSuccess: (cloud) => {
      queryClient.setQueryData(cloudQueryOptions(cloudId).queryKey, cloud);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: cloudListQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey, exact: true }),
      ]);
    },
  });
}
