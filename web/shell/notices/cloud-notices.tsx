import type { Me, Membership } from '../../features/auth/index.ts';
import { PlanNotices } from './plan-notices.tsx';
import { VideoDialogs } from './video-dialogs.tsx';

/** Everything the shell tells a member about the current cloud's plan: notices and video dialogs. */
export function CloudNotices({
  me,
  membership,
}: {
  readonly me: Me;
  readonly membership: Membership | null;
}) {
  if (!membership) return null;
  const access = { roleId: membership.role_id, permissions: membership.permissions };
  return (
    <>
      <PlanNotices cloudId={membership.cloud_id} access={access} />
      <VideoDialogs
        cloudId={membership.cloud_id}
        userId={me.user.id}
        access={access}
        addonsEnabled={me.theme.addons_enabled}
      />
    </>
  );
}
