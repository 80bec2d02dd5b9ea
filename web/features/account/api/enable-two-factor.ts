// POST /apiv2/user/two-factor/enable: the first code from the app turns it on; answers the recovery codes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '../../../../core/api/account.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { securityQueryOptions } from './get-security.ts';

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (code: string) => apiPost<RecoveryCodes>('/apiv2/user/two-factor/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries(securityQueryOptions()),
  });
}
