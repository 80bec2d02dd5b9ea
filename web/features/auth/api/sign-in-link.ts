// "Email me a sign-in link" while the account's login pace holds: POST /apiv2/auth/sign-in-link, and the
// mailed link's page, POST .../complete, which signs this browser in. The pages say what went wrong.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LinkBody,
  SignInLinkRequestBody,
  SignInLinkRequestResponse,
} from '../../../../core/api/account.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { type Me, meQueryOptions } from './get-me.ts';

const PATH = '/apiv2/auth/sign-in-link';

export const useRequestSignInLink = () =>
  useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (body: SignInLinkRequestBody) => apiPost<SignInLinkRequestResponse>(PATH, body),
  });

/** Signs in with the link, then loads the new user's startup data so the next page has it at once. */
export function useCompleteSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: async (body: LinkBody): Promise<Me> => {
      await apiPost<{ ok: true }>(`${PATH}/complete`, body);
      queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
      return queryClient.fetchQuery(meQueryOptions());
    },
  });
}
