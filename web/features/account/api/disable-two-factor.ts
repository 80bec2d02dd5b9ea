// POST /apiv2/user/two-factor/disable: turns two-factor sign-in off, confirmed by the password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { securityQueryOptions } from './get-security.ts';

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (password: string) => apiPost<null>('/apiv2/user/two-factor/disable', { password }),
    onSuccess: () => queryClient.invalidateQueries(securityQueryOptions()),
  });
}
