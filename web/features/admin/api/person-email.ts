// PUT /apiv2/admin/users/:userId/email: a person's new email, verified on the administrator's word; the
// people list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEmailBody } from '../../../../core/api/admin.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPut } from '../../../platform/http.ts';
import { platformUsersQueryOptions } from './get-platform-users.ts';

export function usePersonEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: ({ userId, body }: { userId: number; body: AdminEmailBody }) =>
      apiPut<null>(`/apiv2/admin/users/${userId}/email`, body),
    // ['admin', 'users', ...]: every page and search of the list.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: platformUsersQueryOptions('', 0).queryKey.slice(0, 2) }),
  });
}
