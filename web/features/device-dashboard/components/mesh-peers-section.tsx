// A mesh unit's peers: signal, signal-to-noise ratio, capacity and how many hops each is from the PoP.
import { useTranslation } from 'react-i18next';
import type { DeviceReport } from '../../../../core/api/devices.ts';
import { ListTable } from '../../../platform/list-page/list-table.tsx';
import { formatDb, formatDbm, formatMegabitRate, formatNumber } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

type MeshPeer = NonNullable<DeviceReport['mesh_peers']>[number];
const ID = 'dashboard-mesh';

export function MeshPeersSection({ peers }: { readonly peers: readonly MeshPeer[] }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  return (
    <DashboardSection id={ID} title={t('deviceDashboard.mesh.title')}>
      <ListTable
        labelledBy={ID}
        busy={false}
        rows={peers}
        rowKey={(peer) => peer.mac}
        columns={[
          { id: 'mac', nowrap: true, header: t('deviceDashboard.mesh.peer'), cell: (peer) => peer.mac },
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
