// PATCH /apiv2/user/profile: saves Your Profile; the signed-in user's data is replaced at once, so the
// language, time zone, formats and units change everywhere without a reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '../../../../core/api/account.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPatch } from '../../../platform/http.ts';
import { type Me, type MeUser, meQueryOptions } from '../../auth/index.ts';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FIELD_ERRORS,
    mutationFn: (body: ProfileBody) => apiPatch<MeUser>('/apiv2/user/profile', body),
    onSuccess: (user) =>
      queryClient.setQueryData(meQueryOptions().queryKey, (me: Me | undefined) => me && { ...me, user }),
  });
}
