// docs/navigation.md#navigation-drawer smart NVR menu.
import { isOwnerOrAdmin } from '../policy.ts';
import { routes } from '../routes.ts';
import { type NavContext, requireParam } from './context.ts';
import { type NavEntry, navLink } from './nav-entry.ts';

/** The smart NVR menu for the current recorder; needs params.cloudId and params.smartNvrId. */
export function smartNvrMenu(ctx: NavContext): NavEntry[] {
  const cloudId = requireParam(ctx.params, 'cloudId');
  const smartNvrId = requireParam(ctx.params, 'smartNvrId');
  const ids = { cloudId, smartNvrId };
  const entries: NavEntry[] = [
    navLink('dashboard', 'nav.common.dashboard', routes.smartNvrDashboard.href({ smartNvrId })),
    navLink('ip-cameras', 'nav.smartnvr.ipCameras', routes.smartNvrIpcams.href(ids)),
    navLink('streaming', 'nav.smartnvr.streaming', routes.smartNvrStreaming.href(ids)),
  ];
  if (isOwnerOrAdmin(ctx.access)) {
    entries.push(navLink('tunnels', 'nav.smartnvr.tunnels', routes.smartNvrTunnels.href(ids)));
  }
  entries.push(navLink('activity', 'nav.common.activity', routes.smartNvrActivity.href({ smartNvrId })));
  return entries;
}
