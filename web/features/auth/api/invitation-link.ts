// The invitation page's calls, before anyone signs in: GET /apiv2/invitations/lookup and POST .../accept.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInvitationBody, InvitationLookup } from '../../../../core/api/users.ts';
import { FIELD_ERRORS, LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet, apiPost } from '../../../platform/http.ts';
import { authKeys } from './keys.ts';

export const useInvitationLookup = (token: string) =>
  useQuery({
    queryKey: authKeys.invitation(token),
    queryFn: () => apiGet<InvitationLookup>('/apiv2/invitations/lookup', { token }),
    meta: LOCAL_ERRORS,
    retry: false,
    enabled: token !== '',
  });

export const useAcceptInvitation = () =>
  useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (body: AcceptInvitationBody) => apiPost<{ ok: true }>('/apiv2/invitations/accept', body),
  });
