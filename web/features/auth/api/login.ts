// POST /apiv2/auth/login: sets the session cookie and the readable csrf_token cookie, or answers that the
// account asks for its second factor (a code from the authenticator app or a recovery code).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../platform/http.ts';
import { type Me, meQueryOptions } from './get-me.ts';

export interface LoginInput {
  readonly email: string;
  readonly password: string;
  readonly totp?: string;
  readonly recovery_code?: string;
}

type LoginAnswer = { ok: true } | { two_factor_required: true };

export function login(input: LoginInput): Promise<LoginAnswer> {
  return apiPost<LoginAnswer>('/apiv2/auth/login', input);
}

/** Logs in, then loads the new user's startup data so the next page has it at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<Me | 'twoFactorRequired'> => {
      const answer = await login(input);
      if ('two_factor_required' in answer) return 'twoFactorRequired';
      queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
      return queryClient.fetchQuery(meQueryOptions());
    },
  });
}
