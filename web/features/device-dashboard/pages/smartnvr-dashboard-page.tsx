// docs/navigation.md#routes /smartnvr/{id} and /smartnvr/{id}/dashboard: the recorder's identity and state, its cameras'
// streams and media sync from its latest heartbeat, its open alerts and recent tasks, and its actions.
import { useLocation } from 'react-router';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { usePageObjects } from '../../../shell/drawer/use-page-objects.ts';
import { useSmartNvrDetail } from '../api/get-smartnvr-detail.ts';
import { useResetCredential } from '../api/reset-credential.ts';
import { ActivitySections } from '../components/activity-sections.tsx';
import { CamerasSection, MediaSyncSection } from '../components/cameras-section.tsx';
import { DashboardFrame, NoReport } from '../components/dashboard-frame.tsx';
import { IdentitySection } from '../components/identity-section.tsx';
import { ObjectActions } from '../components/object-actions.tsx';
import { StateSection } from '../components/state-section.tsx';

export function SmartNvrDashboardPage() {
  const { pathname } = useLocation();
  const smartnvrId = readPathIds(pathname).smartnvrId ?? 0;
  // The address names the recorder only: the shell has already read its cloud.
  const objects = usePageObjects(pathname);
  const cloudId = objects.cloudId;
  const detail = useSmartNvrDetail(cloudId, smartnvrId);
  const resetCredential = useResetCredential(cloudId ?? 0, { smartNvrId: smartnvrId });
  const scope = { smartNvrId: smartnvrId };
  return (
    <DashboardFrame
      title={detail.data?.name ?? objects.smartnvr?.name ?? null}
      objectsError={objects.error}
      query={detail}
      actions={(recorder) =>
        cloudId !== null && (
          <ObjectActions
            cloudId={cloudId}
            subject={{
              name: recorder.name,
              targets: { snvr_device_ids: [recorder.id] },
              productBrandId: recorder.product_brand_id,
              fw: recorder.fw,
              allowedTasks: recorder.allowed_tasks,
              recorder: true,
              resetCredential: recorder.can_reset_credential
                ? (done) => resetCredential.mutate(undefined, { onSuccess: done })
                : undefined,
            }}
          />
        )
      }
    >
      {(recorder) =>
        cloudId !== null && (
          <>
            <IdentitySection
              identity={{
                productType: 'smartnvr',
                productName: recorder.product_name,
                sn: recorder.sn,
                mac: recorder.mac,
                ip: recorder.ip,
                fw: recorder.fw,
                uptimeS: recorder.report?.uptime_s ?? null,
                lastSeenAt: recorder.last_seen_at,
              }}
            />
            <StateSection
              cloudId={cloudId}
              scope={scope}
              state={{
                online: recorder.online,
                statusId: recorder.status_id,
                blocked: false,
                health: recorder.health_id,
                report: recorder.report,
              }}
            />
            {recorder.report ? (
              <>
                <CamerasSection cameras={recorder.report.cameras ?? []} />
                {recorder.report.media_sync ? <MediaSyncSection sync={recorder.report.media_sync} /> : null}
              </>
            ) : (
              <NoReport />
            )}
            <ActivitySections
              cloudId={cloudId}
              scope={scope}
              activityHref={(tab) => routes.smartnvrActivity.href({ smartnvrId: recorder.id }, { hash: tab })}
            />
          </>
        )
      }
    </DashboardFrame>
  );
}
