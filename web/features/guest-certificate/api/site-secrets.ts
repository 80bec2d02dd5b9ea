// The sites' RADIUS shared secrets (docs/guest-access.md#certificate-and-nas): a page of the sites with
// whether each has one, showing one, and setting or generating one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSecretAnswer, SiteSecretList } from '../../../../core/api/guest-certificate.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet, apiPost, apiPut } from '../../../platform/http.ts';
import { guestCertificateKeys } from './keys.ts';

export function useSiteSecrets(cloudId: number, offset: number) {
  return useQuery({
    queryKey: guestCertificateKeys.secrets(cloudId, offset),
    queryFn: () =>
      apiGet<SiteSecretList>(`/apiv2/cloud/${cloudId}/authport/site-secrets`, {
        offset,
        limit: LIST_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

const secretUrl = (cloudId: number, siteId: number) =>
  `/apiv2/cloud/${cloudId}/authport/sites/${siteId}/secret`;

export function revealSiteSecret(cloudId: number, siteId: number) {
  return apiGet<SiteSecretAnswer>(secretUrl(cloudId, siteId));
}

/** A secret typed in (secret) or a new random one (secret null). */
export function useChangeSiteSecret(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, secret }: { readonly siteId: number; readonly secret: string | null }) =>
      secret === null
        ? apiPost<SiteSecretAnswer>(secretUrl(cloudId, siteId), {})
        : apiPut<SiteSecretAnswer>(secretUrl(cloudId, siteId), { secret }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestCertificateKeys.all(cloudId) }),
  });
}
