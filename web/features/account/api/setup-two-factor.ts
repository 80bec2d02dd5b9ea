// POST /apiv2/user/two-factor/setup: a new secret for the authenticator app, confirmed by the password.
import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '../../../../core/api/account.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';

export const useSetupTwoFactor = () =>
  useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (password: string) => apiPost<TwoFactorSetup>('/apiv2/user/two-factor/setup', { password }),
  });
