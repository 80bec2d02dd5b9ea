// DELETE /apiv2/user/sessions/:sessionId: signs one of the user's sessions out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../platform/http.ts';
import { securityQueryOptions } from './get-security.ts';

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiDelete<null>(`/apiv2/user/sessions/${sessionId}`),
    onSuccess: () => queryClient.invalidateQueries(securityQueryOptions()),
  });
}
