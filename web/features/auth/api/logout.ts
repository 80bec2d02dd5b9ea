// POST /apiv2/auth/logout: ends the session (204) and clears the cookies.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../platform/api-error.ts';
import { apiPost, setCurrentCloudId } from '../../../platform/http.ts';

export function logout(): Promise<void> {
  return apiPost<void>('/apiv2/auth/logout');
}

/** Logs out and forgets every cached answer. A 401 means the session had already ended: that is success too. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSettled: () => {
      queryClient.getQueryCache().clear();
      setCurrentCloudId(null);
    },
  });
}
