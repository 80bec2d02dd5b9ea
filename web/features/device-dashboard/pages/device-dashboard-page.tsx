// docs/navigation.md#routes /device/{deviceId} and the device menu's Dashboard (docs/navigation.md#navigation-drawer): who the device is, its state,
// the view of its family from its latest heartbeat, its open alerts and recent tasks, and what the caller
// may do to it.
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { DeviceDetail } from '../../../../core/api/devices.ts';
import { BRANDS_WITHOUT_CLIENTS } from '../../../../core/navigation/device-menu.ts';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { tasksRefusedKey as refusedKey } from '../../../platform/device-status.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useChangeDeviceState } from '../api/change-device-state.ts';
import { useDeviceDetail } from '../api/get-device-detail.ts';
import { useRenameDevice } from '../api/rename-device.ts';
import { useResetCredential } from '../api/reset-credential.ts';
import { CamerasSection, MediaSyncSection } from '../components/cameras-section.tsx';
import { ClientsSection } from '../components/clients-section.tsx';
import { NoReport } from '../components/dashboard-frame.tsx';
import { ManagedDevicesSection, WanSection } from '../components/gateway-sections.tsx';
import { LinksSection } from '../components/links-section.tsx';
import { MeshPeersSection } from '../components/mesh-peers-section.tsx';
import { ObjectDashboard } from '../components/object-dashboard.tsx';
import { PortsSection } from '../components/ports-section.tsx';
import { RadiosSection } from '../components/radios-section.tsx';

/** docs/navigation.md#navigation-drawer: the families whose device menu has a Clients page. */
function hasClientsPage(device: DeviceDetail): boolean {
  if (device.product_type === 'metrolinq') return !BRANDS_WITHOUT_CLIENTS.includes(device.product_brand_id);
  return ['wifi', 'ptmp', 'glinq'].includes(device.product_type);
}

function FamilyView({ cloudId, device }: { readonly cloudId: number; readonly device: DeviceDetail }) {
  const { report, site } = device;
  if (!report) return <NoReport lastSeenAt={device.last_seen_at} />;
  const ids = site ? { siteId: site.id, deviceId: device.id } : null;
  return (
    <>
      {report.radios && report.radios.length > 0 && <RadiosSection radios={report.radios} />}
      {report.clients !== undefined && (
        <ClientsSection
          count={report.clients}
          clientsHref={ids && hasClientsPage(device) ? routes.deviceClients.href(ids) : null}
        />
      )}
      {report.links && report.links.length > 0 && <LinksSection cloudId={cloudId} device={device} />}
      {report.mesh_peers && report.mesh_peers.length > 0 && (
        <MeshPeersSection peers={report.mesh_peers} known={device.link_peers} />
      )}
      {report.wan && report.wan.length > 0 && <WanSection ports={report.wan} />}
      {report.managed_devices && <ManagedDevicesSection devices={report.managed_devices} />}
      {report.ports && report.ports.length > 0 && (
        <PortsSection ports={report.ports} portsHref={ids ? routes.devicePorts.href(ids) : null} />
      )}
      {report.cameras && <CamerasSection cameras={report.cameras} />}
      {report.media_sync && <MediaSyncSection sync={report.media_sync} />}
    </>
  );
}

/** The device's Activity page at a tab; a device without a site has none. */
function activityHref({ id, site }: DeviceDetail) {
  return site
    ? (tab: 'alert' | 'maintenance') =>
        routes.deviceActivity.href({ siteId: site.id, deviceId: id }, { hash: tab })
    : null;
}

export function DeviceDashboardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const deviceId = readPathIds(pathname).deviceId ?? 0;
  // The address names the device (and its site) only: the shell has already read the device's cloud.
  const objects = usePageObjects(pathname);
  const cloudId = objects.cloudId;
  const detail = useDeviceDetail(cloudId, deviceId);
  const renameDevice = useRenameDevice(cloudId ?? 0, deviceId);
  const resetCredential = useResetCredential(cloudId ?? 0, { deviceId });
  const changeState = useChangeDeviceState(cloudId ?? 0, deviceId);
  const tasksRefused = (device: DeviceDetail) => {
    const key = refusedKey(device);
    return key && t(key);
  };
  return (
    <ObjectDashboard
      title={detail.data?.name ?? objects.device?.name ?? null}
      objectsError={objects.error}
      query={detail}
      subtitle={
        detail.data && (
          <Typography color="text.secondary">
            {detail.data.site ? (
              <Link
                component={RouterLink}
                to={routes.siteDashboard.href({ siteId: detail.data.site.id }, { hash: 'default' })}
              >
                {detail.data.site.name}
              </Link>
            ) : (
              t('deviceDashboard.identity.noSite')
            )}
          </Typography>
        )
      }
      cloudId={cloudId}
      scope={{ deviceId }}
      view={(device, cloudId) => ({
        subject: {
          name: device.name,
          targets: { device_ids: [device.id] },
          productBrandId: device.product_brand_id,
          fw: device.fw,
          allowedTasks: device.allowed_tasks,
          recorder: false,
          rename: device.can_rename
            ? (name, done) => renameDevice.mutate(name, { onSuccess: done })
            : undefined,
          resetCredential: device.can_reset_credential
            ? (done) => resetCredential.mutate(undefined, { onSuccess: done })
            : undefined,
          tasksRefused: tasksRefused(device),
          remoteAccess: device.can_open_tunnel
            ? {
                target: { deviceId: device.id },
                refused: device.online ? null : t('tunnels.remote.offline'),
              }
            : undefined,
          restore:
            device.can_change_state && (device.blocked || device.decomm)
              ? {
                  change: device.decomm ? 'recommission' : 'unblock',
                  run: (done) =>
                    changeState.mutate(device.decomm ? 'recommission' : 'unblock', { onSuccess: done }),
                }
              : undefined,
        },
        identity: {
          productType: device.product_type,
          productName: device.product_name,
          sn: device.sn,
          mac: device.mac,
          ip: device.ip,
          hostname: device.hostname,
          fw: device.fw,
          mgmtdVersion: device.mgmtd_version,
          uptimeS: device.report?.uptime_s ?? null,
          lastSeenAt: device.last_seen_at,
        },
        state: {
          online: device.online,
          statusId: device.status_id,
          blocked: device.blocked,
          decomm: device.decomm,
          stateChanged: device.state_changed,
          health: device.health_id,
          report: device.report,
          configSuspended: device.config_suspended && {
            reason: device.config_suspended.reason,
            href: device.site && routes.deviceConfig.href({ siteId: device.site.id, deviceId: device.id }),
          },
        },
        family: <FamilyView cloudId={cloudId} device={device} />,
        activityHref: activityHref(device),
      })}
    />
  );
}
