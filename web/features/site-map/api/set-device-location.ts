// PUT /apiv2/cloud/:cloudId/devices/:deviceId/location: places a device on the site map, or takes it off.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceLocation, DeviceLocationBody, SiteMap } from '../../../../core/api/site-map.ts';
import { apiPut } from '../../../platform/http.ts';
import { siteMapKeys } from './keys.ts';

export function setDeviceLocation(cloudId: number, deviceId: number, body: DeviceLocationBody) {
  return apiPut<DeviceLocation>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/location`, body);
}

export type PlaceInput = { readonly deviceId: number } & DeviceLocationBody;

/** The answer is written into the site's map at once, so the marker stays where it was put. */
export function useSetDeviceLocation(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  const key = siteMapKeys.site(cloudId, siteId);
  return useMutation({
    mutationFn: ({ deviceId, latitude, longitude }: PlaceInput) =>
      setDeviceLocation(cloudId, deviceId, { latitude, longitude }),
    onSuccess: (placed) => {
      queryClient.setQueryData<SiteMap>(
        key,
        (map) =>
          map && {
            ...map,
            devices: map.devices.map((device) =>
              device.id === placed.id
                ? { ...device, latitude: placed.latitude, longitude: placed.longitude }
                : device,
            ),
          },
      );
    },
    // A refused or failed change redraws the markers where the server has them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
