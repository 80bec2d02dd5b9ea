// docs/navigation.md#routes /smartnvr/{id} and /smartnvr/{id}/dashboard: the recorder's identity and state, its cameras'
// streams and media sync from its latest heartbeat, their bitrate and its storage over time, its open alerts
// and recent tasks, and its actions.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useSmartNvrDetail } from '../api/get-smartnvr-detail.ts';
import { useResetCredential } from '../api/reset-credential.ts';
import { CamerasSection, MediaSyncSection } from '../components/cameras-section.tsx';
import { NoReport } from '../components/dashboard-frame.tsx';
import { ObjectDashboard } from '../components/object-dashboard.tsx';
import { RecorderCharts } from '../components/recorder-charts.tsx';

export function SmartNvrDashboardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const smartNvrId = readPathIds(pathname).smartNvrId ?? 0;
  // The address names the recorder only: the shell has already read its cloud.
  const objects = usePageObjects(pathname);
  const cloudId = objects.cloudId;
  const detail = useSmartNvrDetail(cloudId, smartNvrId);
  const resetCredential = useResetCredential(cloudId ?? 0, { smartNvrId: smartNvrId });
  return (
    <ObjectDashboard
      title={detail.data?.name ?? objects.smartnvr?.name ?? null}
      objectsError={objects.error}
      query={detail}
      cloudId={cloudId}
      scope={{ smartNvrId: smartNvrId }}
      view={(recorder) => ({
        subject: {
          name: recorder.name,
          targets: { snvr_device_ids: [recorder.id] },
          productBrandId: recorder.product_brand_id,
          fw: recorder.fw,
          allowedTasks: recorder.allowed_tasks,
          recorder: true,
          resetCredential: recorder.can_reset_credential
            ? (done) => resetCredential.mutate(undefined, { onSuccess: done })
            : undefined,
          remoteAccess: recorder.can_open_tunnel
            ? {
                target: { smartNvrId: recorder.id },
                refused: recorder.online ? null : t('tunnels.remote.offline'),
              }
            : undefined,
        },
        identity: {
          productType: 'smartnvr',
          productName: recorder.product_name,
          sn: recorder.sn,
          mac: recorder.mac,
          ip: recorder.ip,
          fw: recorder.fw,
          uptimeS: recorder.report?.uptime_s ?? null,
          lastSeenAt: recorder.last_seen_at,
        },
        state: {
          online: recorder.online,
          statusId: recorder.status_id,
          blocked: false,
          health: recorder.health_id,
          report: recorder.report,
        },
        family: recorder.report ? (
          <>
            <CamerasSection cameras={recorder.report.cameras ?? []} />
            {recorder.report.media_sync ? <MediaSyncSection sync={recorder.report.media_sync} /> : null}
            {cloudId !== null && <RecorderCharts cloudId={cloudId} smartNvrId={recorder.id} />}
          </>
        ) : (
          <NoReport />
        ),
        activityHref: (tab) => routes.smartNvrActivity.href({ smartNvrId: recorder.id }, { hash: tab }),
      })}
    />
  );
}
