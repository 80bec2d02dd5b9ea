// POST /apiv2/user/password: the other sessions end, so the sessions list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeBody } from '../../../../core/api/account.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { securityQueryOptions } from './get-security.ts';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (body: PasswordChangeBody) => apiPost<null>('/apiv2/user/password', body),
    onSuccess: () => queryClient.invalidateQueries(securityQueryOptions()),
  });
}
