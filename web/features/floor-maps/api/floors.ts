// Floor maps' calls (docs/floor-maps.md#api): the site's floors and devices, and every change to them. Each
// change refreshes the site's floors, so the page always shows what the server keeps.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_FIELD } from '../../../../core/api/files.ts';
import type {
  CreateFloorBody,
  Floor,
  FloorPosition,
  FloorPositionBody,
  SiteFloors,
  UpdateFloorBody,
} from '../../../../core/api/floor-maps.ts';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut, apiPutForm } from '../../../platform/http.ts';
import { floorMapKeys } from './keys.ts';

/** Devices report every minute: the icons' health and clients follow at that pace. */
export const FLOORS_REFRESH_MS = 60_000;

const siteFloors = (cloudId: number, siteId: number) => `/apiv2/cloud/${cloudId}/sites/${siteId}/floors`;

/** The plan's address, naming the upload so a replaced plan is never shown from the cache. */
export const planUrl = (cloudId: number, siteId: number, floor: Floor) =>
  floor.plan ? `${siteFloors(cloudId, siteId)}/${floor.id}/plan?file=${floor.plan.file_id}` : null;

export function useSiteFloors(cloudId: number | null, siteId: number) {
  return useQuery({
    ...queryOptions({
      queryKey: floorMapKeys.site(cloudId ?? 0, siteId),
      queryFn: () => apiGet<SiteFloors>(siteFloors(cloudId ?? 0, siteId)),
      refetchInterval: FLOORS_REFRESH_MS,
    }),
    enabled: cloudId !== null,
  });
}

export type FloorChange =
  | { readonly kind: 'create'; readonly body: CreateFloorBody }
  | { readonly kind: 'update'; readonly floorId: number; readonly body: UpdateFloorBody }
  | { readonly kind: 'delete'; readonly floorId: number }
  | { readonly kind: 'upload'; readonly floorId: number; readonly file: File }
  | { readonly kind: 'deletePlan'; readonly floorId: number };

function send(cloudId: number, siteId: number, change: FloorChange): Promise<unknown> {
  const base = siteFloors(cloudId, siteId);
  switch (change.kind) {
    case 'create':
      return apiPost<Floor>(base, change.body);
    case 'update':
      return apiPatch<Floor>(`${base}/${change.floorId}`, change.body);
    case 'delete':
      return apiDelete(`${base}/${change.floorId}`);
    case 'upload': {
      const form = new FormData();
      form.append(UPLOAD_FIELD, change.file, change.file.name);
      return apiPutForm<Floor>(`${base}/${change.floorId}/plan`, form);
    }
    case 'deletePlan':
      return apiDelete<Floor>(`${base}/${change.floorId}/plan`);
  }
}

export function useFloorChange(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FloorChange) => send(cloudId, siteId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: floorMapKeys.site(cloudId, siteId) }),
  });
}

export type PositionInput = { readonly deviceId: number } & FloorPositionBody;

/** The answer is written into the site's floors at once, so the icon stays where it was put. */
export function useSetFloorPosition(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  const key = floorMapKeys.site(cloudId, siteId);
  return useMutation({
    mutationFn: ({ deviceId, floor_id, x, y }: PositionInput) =>
      apiPut<FloorPosition>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/floor-position`, { floor_id, x, y }),
    onSuccess: (placed) => {
      queryClient.setQueryData<SiteFloors>(
        key,
        (data) =>
          data && {
            ...data,
            devices: data.devices.map((device) =>
              device.id === placed.id
                ? { ...device, floor_id: placed.floor_id, x: placed.x, y: placed.y }
                : device,
            ),
          },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
