// POST /apiv2/cloud/:cloudId/pending-devices/approve: a registered device that called without the
// onboarding key gets its credential at its next call from the address the member saw.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovePendingBody, PendingDevice } from '../../../../core/api/device-registration.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

/** The page says what a refusal means; the pending list is read again either way. */
export function useApprovePendingDevice(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovePendingBody) =>
      apiPost<PendingDevice>(`/apiv2/cloud/${cloudId}/pending-devices/approve`, body),
    meta: LOCAL_ERRORS,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.pending(cloudId) }),
  });
}
