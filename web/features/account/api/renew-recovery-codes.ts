// POST /apiv2/user/recovery-codes: new recovery codes; the old ones stop working.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '../../../../core/api/account.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { securityQueryOptions } from './get-security.ts';

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (password: string) => apiPost<RecoveryCodes>('/apiv2/user/recovery-codes', { password }),
    onSuccess: () => queryClient.invalidateQueries(securityQueryOptions()),
  });
}
