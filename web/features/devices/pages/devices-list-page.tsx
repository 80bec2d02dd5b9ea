import RestartAltIcon from '@mui/icons-material/RestartAlt';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DeviceListItem } from '../../../../core/api/devices.ts';
import { routes } from '../../../../core/routes.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListPageFrame } from '../../../platform/list-page/list-page-frame.tsx';
import { useListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useRouteMatch } from '../../../shell/use-route-match.ts';
import { useCreateTask } from '../../tasks/api/create-task.ts';
import { useDevices } from '../api/get-devices.ts';
import { DeviceFilterChips, useDeviceFilters } from '../components/device-filter-chips.tsx';
import { HEALTH_LABEL_KEYS } from '../labels.ts';

/** The device's own pages live under its site; a device without one has its cloud-level address. */
const deviceHref = (device: DeviceListItem) =>
  device.site
    ? routes.deviceDashboard.href({ siteId: device.site.id, deviceId: device.id })
    : routes.device.href({ deviceId: device.id });

/** SPEC §2.1 /v2/cloud/{cloudId}/devices?search=: the cloud's devices the caller sees, or one site's. */
export function DevicesListPage() {
  const { t } = useTranslation();
  const match = useRouteMatch();
  const siteId = match?.key === 'siteDevices' ? match.params.siteId : undefined;
  const list = useListPageParams(siteId === undefined ? 'devices' : 'siteDevices');
  const addressFilters = useDeviceFilters();
  const filters = siteId === undefined ? addressFilters : { ...addressFilters, siteId };
  const filtered = Object.keys(addressFilters).length > 0;
  const result = useDevices(list.cloudId, { ...list.params, filters });
  const createTask = useCreateTask(list.cloudId);
  const reboot = async (device: DeviceListItem) => {
    const confirmed = await confirmDialog({
      title: t('devices.reboot.title', { name: device.name }),
      content: t('devices.reboot.content'),
      confirmLabel: t('devices.reboot.confirm'),
    });
    if (!confirmed) return;
    await createTask.mutateAsync({ type: 'TASK_REBOOT', targets: { deviceIds: [device.id] } });
    showMessage({ content: t('devices.reboot.started', { name: device.name }) });
  };
  const columns: ListColumn<DeviceListItem>[] = [
    {
      id: 'name',
      header: t('devices.column.name'),
      cell: (device) => (
        <Link component={RouterLink} to={deviceHref(device)}>
          {device.name}
        </Link>
      ),
    },
    {
      id: 'site',
      header: t('devices.column.site'),
      from: 'sm',
      cell: (device) =>
        device.site ? (
          <Link
            component={RouterLink}
            to={routes.siteDashboard.href({ siteId: device.site.id }, { hash: 'default' })}
          >
            {device.site.name}
          </Link>
        ) : (
          t('devices.list.noSite')
        ),
    },
    {
      id: 'status',
      nowrap: true,
      header: t('devices.column.status'),
      cell: (device) => (device.online ? t('devices.status.online') : t('devices.status.offline')),
    },
    {
      id: 'health',
      nowrap: true,
      header: t('devices.column.health'),
      from: 'sm',
      cell: (device) => t(HEALTH_LABEL_KEYS[device.health_id]),
    },
    { id: 'mac', nowrap: true, header: t('devices.column.mac'), from: 'md', cell: (device) => device.mac },
    { id: 'ip', nowrap: true, header: t('devices.column.ip'), from: 'md', cell: (device) => device.ip },
    {
      id: 'product',
      header: t('devices.column.product'),
      from: 'lg',
      cell: (device) => device.product_name ?? device.product_type,
    },
    {
      id: 'serial',
      nowrap: true,
      header: t('devices.column.serial'),
      from: 'lg',
      cell: (device) => device.sn,
    },
    {
      id: 'hostname',
      nowrap: true,
      header: t('devices.column.hostname'),
      from: 'lg',
      cell: (device) => device.hostname,
    },
    {
      id: 'actions',
      nowrap: true,
      headerHidden: true,
      header: t('devices.column.actions'),
      cell: (device) =>
        device.allowed_tasks.includes('TASK_REBOOT') && (
          <Tooltip title={t('devices.reboot.action')}>
            <IconButton
              size="small"
              onClick={() => void reboot(device)}
              aria-label={t('devices.reboot.label', { name: device.name })}
            >
              <RestartAltIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    },
  ];
  return (
    <ListPageFrame
      searchLabel={t('devices.list.search')}
      list={list}
      emptyText={filtered ? undefined : t('devices.list.empty')}
      filters={<DeviceFilterChips filters={addressFilters} />}
      result={result}
      columns={columns}
      rowKey={(device) => device.id}
    />
  );
}
