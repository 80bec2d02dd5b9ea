// Captive portals' calls (docs/guest-access.md#captive-portals): a page of the cloud's portals, the service
// plans to choose the free plan from, and every change; each change refreshes the list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_FIELD } from '../../../../core/api/files.ts';
import type { GuestPlanList } from '../../../../core/api/guest-plans.ts';
import type {
  CreatePortalBody,
  Portal,
  PortalImageKind,
  PortalList,
  UpdatePortalBody,
} from '../../../../core/api/guest-portals.ts';
import { LIST_LIMIT_MAX } from '../../../../core/api/list-query.ts';
import { apiDelete, apiGet, apiPatch, apiPost, apiPutForm } from '../../../platform/http.ts';
import { guestPortalKeys } from './keys.ts';

const portalsUrl = (cloudId: number) => `/apiv2/cloud/${cloudId}/authport/portals`;

/** One page of the cloud's portals, of one site when chosen. */
export function usePortals(cloudId: number, siteId: number | null, offset: number, limit: number) {
  return useQuery({
    queryKey: guestPortalKeys.list(cloudId, siteId, offset, limit),
    queryFn: () => apiGet<PortalList>(portalsUrl(cloudId), { site_id: siteId ?? undefined, offset, limit }),
    placeholderData: keepPreviousData,
  });
}

/** The first page of the cloud's service plans, for the free plan of click-through and email sign-in. */
export function usePlanChoices(cloudId: number) {
  return useQuery({
    queryKey: guestPortalKeys.plans(cloudId),
    queryFn: () => apiGet<GuestPlanList>(`/apiv2/cloud/${cloudId}/authport/plans`, { limit: LIST_LIMIT_MAX }),
  });
}

export type PortalChange =
  | { readonly kind: 'create'; readonly body: CreatePortalBody }
  | { readonly kind: 'update'; readonly portalId: number; readonly body: UpdatePortalBody }
  | { readonly kind: 'delete'; readonly portalId: number }
  | {
      readonly kind: 'upload';
      readonly portalId: number;
      readonly image: PortalImageKind;
      readonly file: File;
    }
  | { readonly kind: 'removeImage'; readonly portalId: number; readonly image: PortalImageKind };

function send(cloudId: number, change: PortalChange): Promise<Portal | undefined> {
  const base = portalsUrl(cloudId);
  switch (change.kind) {
    case 'create':
      return apiPost<Portal>(base, change.body);
    case 'update':
      return apiPatch<Portal>(`${base}/${change.portalId}`, change.body);
    case 'delete':
      return apiDelete(`${base}/${change.portalId}`).then(() => undefined);
    case 'upload': {
      const form = new FormData();
      form.append(UPLOAD_FIELD, change.file, change.file.name);
      return apiPutForm<Portal>(`${base}/${change.portalId}/${change.image}`, form);
    }
    case 'removeImage':
      return apiDelete<Portal>(`${base}/${change.portalId}/${change.image}`);
  }
}

export function usePortalChange(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PortalChange) => send(cloudId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestPortalKeys.all(cloudId) }),
  });
}

/** The address of a portal's image as guests fetch it, naming the upload so a new one is never cached. */
export const portalImageUrl = (portalId: number, image: PortalImageKind, fileId: number) =>
  `/apiv2/guest-portal/${portalId}/${image}?file=${fileId}`;
