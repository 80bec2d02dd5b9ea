// GET /apiv2/cloud/:cloudId/registration-sites: the sites the caller may register devices into.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationSitesResponse } from '../../../../core/api/device-registration.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

export function getRegistrationSites(cloudId: number, filter: string): Promise<RegistrationSitesResponse> {
  return apiGet<RegistrationSitesResponse>(`/apiv2/cloud/${cloudId}/registration-sites`, {
    filter: filter === '' ? undefined : filter,
    limit: 100,
  });
}

export function registrationSitesQueryOptions(cloudId: number, filter = '') {
  return queryOptions({
    queryKey: devicesKeys.registrationSites(cloudId, filter),
    queryFn: () => getRegistrationSites(cloudId, filter),
  });
}

/**
 * The sites matching the filter; the choices stay while the next filter's load. A failure is the page's to
 * show: the device list then just offers no registration.
 */
export function useRegistrationSites(cloudId: number, filter = '') {
  return useQuery({
    ...registrationSitesQueryOptions(cloudId, filter),
    placeholderData: keepPreviousData,
    meta: LOCAL_ERRORS,
  });
}
