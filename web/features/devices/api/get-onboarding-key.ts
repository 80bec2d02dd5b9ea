// GET /apiv2/cloud/:cloudId/onboarding-key: the key devices present when they call home.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingKeyResponse } from '../../../../core/api/device-registration.ts';
import { apiGet } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

export function getOnboardingKey(cloudId: number): Promise<OnboardingKeyResponse> {
  return apiGet<OnboardingKeyResponse>(`/apiv2/cloud/${cloudId}/onboarding-key`);
}

export function onboardingKeyQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: devicesKeys.onboardingKey(cloudId),
    queryFn: () => getOnboardingKey(cloudId),
  });
}

export function useOnboardingKey(cloudId: number) {
  return useQuery(onboardingKeyQueryOptions(cloudId));
}
