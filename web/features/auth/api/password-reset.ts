// "Forgot password", before anyone signs in: POST /apiv2/auth/password-reset, GET .../lookup and
// POST .../complete. The pages say what went wrong themselves.
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PasswordResetBody,
  PasswordResetLookup,
  PasswordResetRequestBody,
  PasswordResetRequestResponse,
} from '../../../../core/api/account.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet, apiPost } from '../../../platform/http.ts';
import { authKeys } from './keys.ts';

const PATH = '/apiv2/auth/password-reset';

export const useRequestPasswordReset = () =>
  useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (body: PasswordResetRequestBody) => apiPost<PasswordResetRequestResponse>(PATH, body),
  });

export const usePasswordResetLookup = (token: string) =>
  useQuery({
    queryKey: authKeys.passwordReset(token),
    queryFn: () => apiGet<PasswordResetLookup>(`${PATH}/lookup`, { token }),
    meta: LOCAL_ERRORS,
    retry: false,
    enabled: token !== '',
  });

export const useResetPassword = () =>
  useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (body: PasswordResetBody) => apiPost<null>(`${PATH}/complete`, body),
  });
