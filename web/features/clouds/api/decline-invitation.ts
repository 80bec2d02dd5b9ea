// POST /apiv2/user/membership/decline: declines the invitation to a cloud (docs/api.md#the-calls).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../platform/http.ts';
import { afterInvitationAnswered } from './join-cloud.ts';

export function declineInvitation(cloudId: number): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>('/apiv2/user/membership/decline', { cloudId });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: (_result, cloudId) => afterInvitationAnswered(queryClient, cloudId, false),
  });
}
