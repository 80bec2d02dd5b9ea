// POST /apiv2/user/email-verification: mails a link that confirms the current, not yet verified, email;
// the signed-in user is read again, to show the address waiting for its link.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { getMe, meQueryOptions } from '../../auth/index.ts';

export function useEmailVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: async () => {
      await apiPost<null>('/apiv2/user/email-verification');
      return getMe();
    },
    onSuccess: (me) => queryClient.setQueryData(meQueryOptions().queryKey, me),
  });
}
