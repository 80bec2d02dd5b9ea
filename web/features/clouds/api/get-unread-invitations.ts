// GET /apiv2/user/unread-invitations: the count on the cloud menu button (docs/api.md#the-calls).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadInvitations } from '../../../../core/api/clouds.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { cloudsKeys } from './keys.ts';

export function getUnreadInvitations(): Promise<UnreadInvitations> {
  return apiGet<UnreadInvitations>('/apiv2/user/unread-invitations');
}

export function unreadInvitationsQueryOptions() {
  return queryOptions({
    queryKey: cloudsKeys.unreadInvitations(),
    queryFn: getUnreadInvitations,
    // A badge that fails to load stays empty rather than interrupting the page.
    meta: LOCAL_ERRORS,
  });
}

export function useUnreadInvitations() {
  return useQuery(unreadInvitationsQueryOptions());
}
