// A gateway's uplinks (WAN state, address, latency and loss) and the devices it manages behind it.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceReport } from '../../../../core/api/devices.ts';
import { ListTable } from '../../../platform/list-page/list-table.tsx';
import { formatNumber, formatPercent } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

type Wan = NonNullable<DeviceReport['wan']>[number];
type ManagedDevice = NonNullable<DeviceReport['managed_devices']>[number];
const WAN_ID = 'dashboard-wan';
const MANAGED_ID = 'dashboard-managed';

export function WanSection({ ports }: { readonly ports: readonly Wan[] }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const none = t('deviceDashboard.value.none');
  return (
    <DashboardSection id={WAN_ID} title={t('deviceDashboard.wan.title')}>
      <ListTable
        labelledBy={WAN_ID}
        busy={false}
        rows={ports}
        rowKey={(port) => port.name}
        columns={[
          { id: 'name', nowrap: true, header: t('deviceDashboard.wan.name'), cell: (port) => port.name },
          {
            id: 'state',
            nowrap: true,
            header: t('deviceDashboard.wan.state'),
            cell: (port) => (port.up ? t('deviceDashboard.links.up') : t('deviceDashboard.links.down')),
          },
          { id: 'ip', nowrap: true, header: t('deviceDashboard.wan.ip'), cell: (port) => port.ip ?? none },
          {
            id: 'latency',
            numeric: true,
            nowrap: true,
            from: 'sm',
            header: t('deviceDashboard.wan.latency'),
            cell: (port) =>
              port.latency_ms === undefined
                ? none
                : t('deviceDashboard.value.ms', { value: formatNumber(port.latency_ms, units, 1) }),
          },
          {
            id: 'loss',
            numeric: true,
            from: 'sm',
            header: t('deviceDashboard.wan.loss'),
            cell: (port) => (port.loss_pct === undefined ? none : formatPercent(port.loss_pct, units)),
          },
        ]}
      />
    </DashboardSection>
  );
}

export function ManagedDevicesSection({ devices }: { readonly devices: readonly ManagedDevice[] }) {
  const { t } = useTranslation();
  return (
    <DashboardSection id={MANAGED_ID} title={t('deviceDashboard.managed.title')}>
      {devices.length === 0 ? (
        <Typography>{t('deviceDashboard.managed.empty')}</Typography>
      ) : (
        <ListTable
          labelledBy={MANAGED_ID}
          busy={false}
          rows={devices}
          rowKey={(device) => device.mac}
          columns={[
            {
              id: 'name',
              header: t('deviceDashboard.managed.name'),
              cell: (device) => device.name || device.mac,
            },
            {
              id: 'mac',
              nowrap: true,
              from: 'sm',
              header: t('deviceDashboard.managed.mac'),
              cell: (device) => device.mac,
            },
            {
              id: 'reachable',
              nowrap: true,
              header: t('deviceDashboard.managed.state'),
              cell: (device) =>
                device.reachable
                  ? t('deviceDashboard.managed.reachable')
                  : t('deviceDashboard.managed.unreachable'),
            },
          ]}
        />
      )}
    </DashboardSection>
  );
}
