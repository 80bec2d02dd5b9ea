import { useState } from 'react';
import { useLocation } from 'react-router';
import { readPathIds } from '../../core/routes.ts';
import type { Me, Membership } from '../features/auth/api/get-me.ts';
import { setCurrentCloudId } from '../platform/http.ts';

export interface CurrentCloud {
  readonly cloudId: number | null;
  readonly membership: Membership | null;
}

/**
 * The cloud of the current page: the one in the address, else the last one seen (site and device
 * addresses carry no cloud id), else the user's default cloud.
 */
export function useCurrentCloud(me: Me): CurrentCloud {
  const { pathname } = useLocation();
  const pathCloudId = readPathIds(pathname).cloudId ?? null;
  const [lastCloudId, setLastCloudId] = useState<number | null>(null);
  if (pathCloudId !== null && pathCloudId !== lastCloudId) setLastCloudId(pathCloudId);
  const cloudId = pathCloudId ?? lastCloudId ?? me.defaultCloudId;
  // Set while rendering (it is idempotent) so the page's first requests already carry X-Cloud-Id.
  setCurrentCloudId(cloudId);
  const membership = me.memberships.find((candidate) => candidate.cloudId === cloudId) ?? null;
  return { cloudId, membership };
}
