// The link mailed to a new email: GET /apiv2/auth/email-change/lookup and POST .../confirm. Confirming
// needs no session (the mail proves the address); a signed-in browser's user is read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeLookup, LinkBody } from '../../../../core/api/account.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet, apiPost } from '../../../platform/http.ts';
import { meQueryOptions } from './get-me.ts';
import { authKeys } from './keys.ts';

const PATH = '/apiv2/auth/email-change';

export const useEmailChangeLookup = (token: string) =>
  useQuery({
    queryKey: authKeys.emailChange(token),
    queryFn: () => apiGet<EmailChangeLookup>(`${PATH}/lookup`, { token }),
    meta: LOCAL_ERRORS,
    retry: false,
    enabled: token !== '',
  });

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (body: LinkBody) => apiPost<EmailChangeLookup>(`${PATH}/confirm`, body),
    // A signed-in browser's user is read again; without a session the answer is a 401 nobody sees.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey, refetchType: 'active' }),
  });
}
