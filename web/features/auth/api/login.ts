// POST /apiv2/auth/login: sets the session cookie and the readable csrf_token cookie.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../platform/http.ts';
import { meQueryOptions } from './get-me.ts';

export interface LoginInput {
  readonly email: string;
  readonly password: string;
}

export function login(input: LoginInput): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>('/apiv2/auth/login', { email: input.email, password: input.password });
}

/** Logs in, then loads the new user's startup data so the next page has it at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      await login(input);
      queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
      return queryClient.fetchQuery(meQueryOptions());
    },
  });
}
