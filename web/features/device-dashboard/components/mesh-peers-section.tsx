// A mesh unit's peers: signal, signal-to-noise ratio, capacity and how many hops each is from the PoP; a peer
// the console knows is named and linked to its dashboard.
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DeviceDetail, DeviceReport } from '../../../../core/api/devices.ts';
import { routes } from '../../../../core/routes.ts';
import { ListTable } from '../../../platform/list-page/list-table.tsx';
import { formatDb, formatDbm, formatMegabitRate, formatNumber } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

type MeshPeer = NonNullable<DeviceReport['mesh_peers']>[number];
const ID = 'dashboard-mesh';

export function MeshPeersSection({
  peers,
  known = [],
}: {
  readonly peers: readonly MeshPeer[];
  /** The peers that are devices of the cloud. */
  readonly known?: DeviceDetail['link_peers'];
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const deviceOf = (peer: MeshPeer) =>
    known.find((candidate) => candidate.mac.toLowerCase() === peer.mac.toLowerCase()) ?? null;
  return (
    <DashboardSection id={ID} title={t('deviceDashboard.mesh.title')} wide>
      <ListTable
        labelledBy={ID}
        busy={false}
        rows={peers}
        rowKey={(peer) => peer.mac}
        columns={[
          {
            id: 'mac',
            nowrap: true,
            header: t('deviceDashboard.mesh.peer'),
            cell: (peer) => {
              const device = deviceOf(peer);
              return device ? (
                <Link component={RouterLink} to={routes.device.href({ deviceId: device.id })}>
                  {device.name}
                </Link>
              ) : (
                peer.mac
              );
            },
          },
          {
            id: 'rssi',
            numeric: true,
            nowrap: true,
            header: t('deviceDashboard.links.rssi'),
            cell: (peer) => formatDbm(peer.rssi, units),
          },
          {
            id: 'snr',
            numeric: true,
            nowrap: true,
            from: 'sm',
            header: t('deviceDashboard.links.snr'),
            cell: (peer) => formatDb(peer.snr, units),
          },
          {
            id: 'capacity',
            numeric: true,
            nowrap: true,
            header: t('deviceDashboard.links.capacity'),
            cell: (peer) => formatMegabitRate(peer.capacity_mbps, units),
          },
          {
            id: 'hops',
            numeric: true,
            from: 'sm',
            header: t('deviceDashboard.mesh.hops'),
            cell: (peer) => formatNumber(peer.hops, units),
          },
        ]}
      />
    </DashboardSection>
  );
}
