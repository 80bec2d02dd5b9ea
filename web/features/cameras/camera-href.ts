// docs/cameras.md#alerts: a camera's place is its recorder's IP Cameras page, with the camera picked.
import { routes } from '../../../core/routes.ts';

export function cameraHref(cloudId: number, smartNvrId: number, cameraId?: string | null): string {
  return routes.smartNvrIpcams.href(
    { cloudId, smartNvrId },
    cameraId ? { query: { camera: cameraId } } : undefined,
  );
}
