// POST /apiv2/user/membership/join: accepts the invitation to a cloud (docs/api.md#the-calls).
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloudList } from '../../../../core/api/clouds.ts';
import { apiPost } from '../../../platform/http.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { cloudListQueryOptions } from './get-clouds.ts';
import { unreadInvitationsQueryOptions } from './get-unread-invitations.ts';

export function joinCloud(cloudId: number): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>('/apiv2/user/membership/join', { cloudId });
}

/**
 * After joining or declining: the invitation leaves the cloud menu at once, then the cloud list, the unread
 * count and (after joining) the user's memberships are fetched again.
 */
export async function afterInvitationAnswered(queryClient: QueryClient, cloudId: number, joined: boolean) {
  queryClient.setQueryData(cloudListQueryOptions().queryKey, (list: CloudList | undefined) =>
    list ? { ...list, invitations: list.invitations.filter((entry) => entry.cloud_id !== cloudId) } : list,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cloudListQueryOptions().queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: unreadInvitationsQueryOptions().queryKey, exact: true }),
    joined ? queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey, exact: true }) : null,
  ]);
}

export function useJoinCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinCloud,
    onSuccess: (_result, cloudId) => afterInvitationAnswered(queryClient, cloudId, true),
  });
}
