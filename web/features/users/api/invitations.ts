// The cloud's invitations (manage_users): GET /apiv2/cloud/:cloudId/invitations, inviting, sending again
// and revoking. Inviting and sending again answer whether the mail went out, or the link to pass on.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { InvitationListResponse, InvitationSent, InviteBody } from '../../../../core/api/users.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPost } from '../../../platform/http.ts';
import { usersKeys } from './keys.ts';

export function useInvitations(cloudId: number, offset: number) {
  return useQuery({
    queryKey: usersKeys.invitationPage(cloudId, offset),
    queryFn: () =>
      apiGet<InvitationListResponse>(`/apiv2/cloud/${cloudId}/invitations`, {
        offset,
        limit: LIST_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInvite(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (body: InviteBody) => apiPost<InvitationSent>(`/apiv2/cloud/${cloudId}/invitations`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.invitations(cloudId) }),
  });
}

type InvitationChange = { kind: 'resend' | 'revoke'; invitationId: number };

export function useInvitationChange(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, invitationId }: InvitationChange) => {
      const path = `/apiv2/cloud/${cloudId}/invitations/${invitationId}`;
      return kind === 'resend' ? apiPost<InvitationSent>(`${path}/resend`) : apiDelete<null>(path);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.invitations(cloudId) }),
  });
}
