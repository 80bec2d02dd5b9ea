// The member management calls (manage_users): PATCH and DELETE /apiv2/cloud/:cloudId/users/:userId and
// POST .../transfer-ownership. Each refreshes the member list, and the signed-in user's own data, as a
// transfer changes their role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberUpdateBody } from '../../../../core/api/users.ts';
import { apiDelete, apiPatch, apiPost } from '../../../platform/http.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { usersKeys } from './keys.ts';

type Change =
  | { kind: 'update'; userId: number; body: MemberUpdateBody }
  | { kind: 'remove'; userId: number }
  | { kind: 'transfer'; userId: number };

export function useMemberChange(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => {
      const path = `/apiv2/cloud/${cloudId}/users/${change.userId}`;
      if (change.kind === 'update') return apiPatch<null>(path, change.body);
      if (change.kind === 'remove') return apiDelete<null>(path);
      return apiPost<null>(`${path}/transfer-ownership`);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.lists(cloudId) }),
        queryClient.invalidateQueries(meQueryOptions()),
      ]),
  });
}
