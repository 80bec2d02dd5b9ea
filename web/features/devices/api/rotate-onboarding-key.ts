// POST /apiv2/cloud/:cloudId/onboarding-key/rotate: a new key replaces the old one at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingKeyResponse } from '../../../../core/api/device-registration.ts';
import { apiPost } from '../../../platform/http.ts';
import { onboardingKeyQueryOptions } from './get-onboarding-key.ts';

export function useRotateOnboardingKey(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<OnboardingKeyResponse>(`/apiv2/cloud/${cloudId}/onboarding-key/rotate`),
    onSuccess: (answer) => queryClient.setQueryData(onboardingKeyQueryOptions(cloudId).queryKey, answer),
  });
}
