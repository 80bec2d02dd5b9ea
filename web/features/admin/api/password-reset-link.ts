// POST /apiv2/admin/users/:userId/password-reset: a link for the administrator to hand over.
import { useMutation } from '@tanstack/react-query';
import type { AdminPasswordResetLink } from '../../../../core/api/admin.ts';
import { apiPost } from '../../../platform/http.ts';

export const usePasswordResetLink = () =>
  useMutation({
    mutationFn: (userId: number) =>
      apiPost<AdminPasswordResetLink>(`/apiv2/admin/users/${userId}/password-reset`),
  });
