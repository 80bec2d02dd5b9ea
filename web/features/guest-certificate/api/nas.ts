// The cloud's NAS (docs/guest-access.md#certificate-and-nas): a page of them, a site's access points and
// gateways that may be added, and adding, editing and removing one; each change refreshes the page.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateNasBody,
  Nas,
  NasCandidates,
  NasList,
  UpdateNasBody,
} from '../../../../core/api/guest-certificate.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../platform/http.ts';
import { guestCertificateKeys } from './keys.ts';

const url = (cloudId: number) => `/apiv2/cloud/${cloudId}/authport/nas`;

export function useNasList(cloudId: number, offset: number) {
  return useQuery({
    queryKey: guestCertificateKeys.nas(cloudId, offset),
    queryFn: () => apiGet<NasList>(url(cloudId), { offset, limit: LIST_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useNasCandidates(cloudId: number, siteId: number | null) {
  return useQuery({
    queryKey: guestCertificateKeys.candidates(cloudId, siteId ?? 0),
    queryFn: () => apiGet<NasCandidates>(`${url(cloudId)}/candidates`, { site_id: siteId ?? 0 }),
    enabled: siteId !== null,
  });
}

export type NasChange =
  | { readonly kind: 'create'; readonly body: CreateNasBody }
  | { readonly kind: 'update'; readonly nasId: number; readonly body: UpdateNasBody }
  | { readonly kind: 'delete'; readonly nasId: number };

export function useChangeNas(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog says why a NAS was not saved (an address taken), the table why one was not removed.
    meta: LOCAL_ERRORS,
    mutationFn: (change: NasChange): Promise<Nas | undefined> => {
      switch (change.kind) {
        case 'create':
          return apiPost<Nas>(url(cloudId), change.body);
        case 'update':
          return apiPatch<Nas>(`${url(cloudId)}/${change.nasId}`, change.body);
        case 'delete':
          return apiDelete(`${url(cloudId)}/${change.nasId}`).then(() => undefined);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestCertificateKeys.all(cloudId) }),
  });
}
