// POST /apiv2/auth/logout: ends the session and clears the cookies; 204, or, for a single sign-on session
// that signs out at its provider too, 200 with the provider's address (docs/single-sign-on.md#signing-out).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoLogoutResponse } from '../../../../core/api/single-sign-on.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { apiPost, setCurrentCloudId } from '../../../platform/http.ts';

export function logout(): Promise<SsoLogoutResponse | undefined> {
  return apiPost<SsoLogoutResponse | undefined>('/apiv2/auth/logout');
}

/**
 * Logs out and forgets every cached answer; answers the provider's sign-out address when there is one. A 401
 * means the session had already ended: that is success too.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<string | null> => {
      try {
        return (await logout())?.logout_url ?? null;
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
        return null;
      }
    },
    onSettled: () => {
      queryClient.getQueryCache().clear();
      setCurrentCloudId(null);
    },
  });
}
