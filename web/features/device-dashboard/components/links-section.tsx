// A radio's links (point-to-point, point-to-multipoint, 60 GHz): each peer with its signal, signal-to-noise
// ratio, capacity and MCS as this end hears it and, when the peer is a device of the cloud, as the far end does.
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DeviceDetail } from '../../../../core/api/devices.ts';
import { routes } from '../../../../core/routes.ts';
import { ListTable } from '../../../platform/list-page/list-table.tsx';
import { formatDb, formatDbm, formatMegabitRate } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { useDeviceDetails } from '../api/get-device-detail.ts';
import { DashboardSection } from './dashboard-section.tsx';

type RadioLink = NonNullable<NonNullable<DeviceDetail['report']>['links']>[number];
type Reading = Pick<RadioLink, 'rssi' | 'snr' | 'capacity_mbps' | 'mcs'>;
const ID = 'dashboard-links';

const sameMac = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function LinksSection({
  cloudId,
  device,
}: {
  readonly cloudId: number;
  readonly device: DeviceDetail;
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const links = device.report?.links ?? [];
  const peers = device.link_peers;
  const farEnds = useDeviceDetails(
    cloudId,
    peers.map((peer) => peer.id),
  );
  const peerOf = (link: RadioLink) => peers.find((peer) => sameMac(peer.mac, link.peer_mac)) ?? null;
  /** How the peer hears this device, from its own latest heartbeat. */
  const farEndOf = (link: RadioLink): Reading | null => {
    const index = peers.findIndex((peer) => sameMac(peer.mac, link.peer_mac));
    const far = index < 0 ? undefined : farEnds[index]?.data;
    return far?.report?.links?.find((back) => sameMac(back.peer_mac, device.mac)) ?? null;
  };
  const none = t('deviceDashboard.value.none');
  const rssi = (reading: Reading | null) =>
    reading?.rssi === undefined ? none : formatDbm(reading.rssi, units);
  const snr = (reading: Reading | null) => (reading?.snr === undefined ? none : formatDb(reading.snr, units));
  const capacity = (reading: Reading | null) =>
    reading?.capacity_mbps === undefined ? none : formatMegabitRate(reading.capacity_mbps, units);
  const mcs = (reading: Reading | null) =>
    reading?.mcs === undefined ? none : t('deviceDashboard.links.mcsValue', { mcs: reading.mcs });
  return (
    <DashboardSection id={ID} title={t('deviceDashboard.links.title')} wide>
      <ListTable
        labelledBy={ID}
        busy={false}
        rows={links}
        rowKey={(link) => link.peer_mac}
        columns={[
          {
            id: 'peer',
            header: t('deviceDashboard.links.peer'),
            cell: (link) => {
              const peer = peerOf(link);
              return peer ? (
                <Link component={RouterLink} to={routes.device.href({ deviceId: peer.id })}>
                  {peer.name}
                </Link>
              ) : (
                link.peer_mac
              );
            },
          },
          {
            id: 'band',
            nowrap: true,
            from: 'sm',
            header: t('deviceDashboard.links.band'),
            cell: (link) => t('deviceDashboard.value.ghz', { value: link.band }),
          },
          {
            id: 'state',
            nowrap: true,
            header: t('deviceDashboard.links.state'),
            cell: (link) => (link.up ? t('deviceDashboard.links.up') : t('deviceDashboard.links.down')),
          },
          { id: 'rssi', numeric: true, nowrap: true, header: t('deviceDashboard.links.rssi'), cell: rssi },
          { id: 'snr', numeric: true, nowrap: true, header: t('deviceDashboard.links.snr'), cell: snr },
          {
            id: 'capacity',
            numeric: true,
            nowrap: true,
            from: 'sm',
            header: t('deviceDashboard.links.capacity'),
            cell: capacity,
          },
          {
            id: 'mcs',
            nowrap: true,
            from: 'sm',
            header: t('deviceDashboard.links.mcs'),
            cell: mcs,
          },
          {
            id: 'farRssi',
            numeric: true,
            nowrap: true,
            from: 'md',
            header: t('deviceDashboard.links.farRssi'),
            cell: (link) => rssi(farEndOf(link)),
          },
          {
            id: 'farSnr',
            numeric: true,
            nowrap: true,
            from: 'md',
            header: t('deviceDashboard.links.farSnr'),
            cell: (link) => snr(farEndOf(link)),
          },
          {
            id: 'farCapacity',
            numeric: true,
            nowrap: true,
            from: 'md',
            header: t('deviceDashboard.links.farCapacity'),
            cell: (link) => capacity(farEndOf(link)),
          },
          {
            id: 'farMcs',
            nowrap: true,
            from: 'md',
            header: t('deviceDashboard.links.farMcs'),
            cell: (link) => mcs(farEndOf(link)),
          },
        ]}
      />
    </DashboardSection>
  );
}
