// docs/navigation.md#navigation-drawer smart NVR menu.
import { isOwnerOrAdmin } from '../policy.ts';
import { routes } from '../routes.ts';
import { type NavContext, requireParam } from './context.ts';
import { type NavEntry, navLink } from './nav-entry.ts';

/** The smart NVR menu for the current recorder; needs params.cloudId and params.smartnvrId. */
export function smartnvrMenu(ctx: NavContext): NavEntry[] {
  const cloudId = requireParam(ctx.params, 'cloudId');
  const smartnvrId = requireParam(ctx.params, 'smartnvrId');
  const ids = { cloudId, smartnvrId };
  const entries: NavEntry[] = [
    navLink('dashboard', 'nav.common.dashboard', routes.smartnvrDashboard.href({ smartnvrId })),
    navLink('ip-cameras', 'nav.smartnvr.ipCameras', routes.smartnvrIpcams.href(ids)),
    navLink('streaming', 'nav.smartnvr.streaming', routes.smartnvrStreaming.href(ids)),
  ];
  if (isOwnerOrAdmin(ctx.access)) {
    entries.push(navLink('tunnels', 'nav.smartnvr.tunnels', routes.smartnvrTunnels.href(ids)));
  }
  entries.push(navLink('activity', 'nav.common.activity', routes.smartnvrActivity.href({ smartnvrId })));
  return entries;
}
