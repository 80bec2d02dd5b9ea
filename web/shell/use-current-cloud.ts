import { useState } from 'react';
import { useLocation } from 'react-router';
import { readPathIds } from '../../core/routes.ts';
import type { Me, Membership } from '../features/auth/index.ts';
import { setCurrentCloudId } from '../platform/http.ts';

export interface CurrentCloud {
  readonly cloudId: number | null;
  readonly membership: Membership | null;
}

/**
 * The cloud of the current page: the one in the address, else the cloud of the page's site, device or
 * smart NVR (objectCloudId: their addresses carry no cloud id), else the last one seen, else the user's
 * default cloud. The http client sends it as X-Cloud-Id.
 */
export function useCurrentCloud(me: Me, objectCloudId: number | null = null): CurrentCloud {
  const { pathname } = useLocation();
  const known = readPathIds(pathname).cloudId ?? objectCloudId;
  const [lastCloudId, setLastCloudId] = useState<number | null>(null);
  if (known !== null && known !== lastCloudId) setLastCloudId(known);
  const cloudId = known ?? lastCloudId ?? me.default_cloud_id;
  // Set while rendering (it is idempotent) so the page's first requests already carry X-Cloud-Id.
  setCurrentCloudId(cloudId);
  const membership = me.memberships.find((candidate) => candidate.cloud_id === cloudId) ?? null;
  return { cloudId, membership };
}
