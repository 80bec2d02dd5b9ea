import DownloadIcon from '@mui/icons-material/Download';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { DeviceSelection } from '../../../../core/api/device-bulk.ts';
import type { DeviceFilterQuery, DeviceListItem, DeviceUplink } from '../../../../core/api/devices.ts';
import {
  BULK_DEVICE_IDS_MAX,
  DEFAULT_DEVICE_COLUMNS,
  DEVICE_COLUMNS,
  type DeviceColumn,
  parseDeviceSort,
  SORT_OF_COLUMN,
} from '../../../../core/device-list.ts';
import { productBrandsOfType } from '../../../../core/product-catalogue.ts';
import { routes } from '../../../../core/routes.ts';
import { useChangeQuery } from '../../../platform/address-query.ts';
import { formatDateTime } from '../../../platform/date-time.ts';
import { deviceStatus, HEALTH_TONES, tasksRefusedKey } from '../../../platform/device-status.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { formatDuration } from '../../../platform/duration.ts';
import { ListPageFrame } from '../../../platform/list-page/list-page-frame.tsx';
import { useListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { StatusDot } from '../../../platform/status-dot.tsx';
import { formatMegabitRate, formatNumber, type UnitContext } from '../../../platform/units.ts';
import { useRouteMatch } from '../../../platform/use-route-match.ts';
import { useUnitContext } from '../../account/index.ts';
import { useCreateTask } from '../../tasks/index.ts';
import { devicesExportHref, useDevices } from '../api/get-devices.ts';
import { useListColumns, useSaveListColumns } from '../api/list-columns.ts';
import { BulkActions } from '../components/bulk-actions.tsx';
import { ColumnChooser } from '../components/column-chooser.tsx';
import { DeviceFilters, useDeviceView } from '../components/device-filters.tsx';
import { RegistrationActions } from '../components/registration-actions.tsx';
import { familyLabelKey, HEALTH_LABEL_KEYS } from '../labels.ts';

/** A device's way to the network: which port or peer, its speed, and whether it is down. */
function uplinkText(t: TFunction, uplink: DeviceUplink, units: UnitContext): string {
  const name = uplink.kind === 'port' ? t('devices.uplink.port', { port: uplink.name }) : uplink.name;
  const speed = uplink.mbps === null ? name : `${name}, ${formatMegabitRate(uplink.mbps, units)}`;
  return uplink.up ? speed : t('devices.uplink.down', { uplink: speed });
}

/** The device's own pages live under its site; a device without one has its cloud-level address. */
const deviceHref = (device: DeviceListItem) =>
  device.site
    ? routes.deviceDashboard.href({ siteId: device.site.id, deviceId: device.id })
    : routes.device.href({ deviceId: device.id });

type Chosen = {
  readonly query: string;
  readonly all: boolean;
  readonly ids: ReadonlyMap<number, DeviceListItem>;
};

/**
 * docs/navigation.md#routes /v2/cloud/{cloudId}/devices?search=: the cloud's devices the caller sees, or one site's, sorted
 * and filtered by the address, with the columns the user chose, and actions on many devices at once.
 */
export function DevicesListPage() {
  const { t } = useTranslation();
  const units = useUnitContext();
  const match = useRouteMatch();
  const siteId = match?.key === 'siteDevices' ? match.params.siteId : undefined;
  const list = useListPageParams(siteId === undefined ? 'devices' : 'siteDevices');
  const view = useDeviceView();
  const setView = useChangeQuery();
  const filters: DeviceFilterQuery =
    siteId === undefined ? view.filters : { ...view.filters, site_id: siteId };
  const filtered = Object.keys(view.filters).length > 0;
  const params = { ...list.params, filters, sort: view.sort };
  const result = useDevices(list.cloudId, params);
  const createTask = useCreateTask(list.cloudId);
  const savedColumns = useListColumns('devices');
  const saveColumns = useSaveListColumns('devices');
  const chosenColumns = (savedColumns.data?.columns ?? DEFAULT_DEVICE_COLUMNS).filter(
    (column): column is DeviceColumn => (DEVICE_COLUMNS as readonly string[]).includes(column),
  );
  // The selection starts again whenever the address's search, filters or order change.
  const [searchParams] = useSearchParams();
  const query = searchParams.toString();
  const [chosenState, setChosen] = useState<Chosen>({ query, all: false, ids: new Map() });
  const chosen = chosenState.query === query ? chosenState : { query, all: false, ids: new Map() };
  const clear = () => setChosen({ query, all: false, ids: new Map() });

  const actions = result.data?.actions ?? [];
  const bulkAllowed = actions.filter((action) => action !== 'export');
  const selectable = bulkAllowed.length > 0;
  const rows = result.data?.items ?? [];
  const total = result.data?.total ?? 0;
  const pageChosen = rows.length > 0 && rows.every((row) => chosen.all || chosen.ids.has(row.id));
  const toggleRow = (device: DeviceListItem) => {
    const ids = new Map(chosen.ids);
    if (ids.has(device.id)) ids.delete(device.id);
    else ids.set(device.id, device);
    setChosen({ query, all: false, ids });
  };
  const togglePage = () => {
    const ids = new Map(chosen.all ? [] : chosen.ids);
    for (const row of rows) {
      if (pageChosen) ids.delete(row.id);
      else ids.set(row.id, row);
    }
    setChosen({ query, all: false, ids });
  };

  const reboot = async (device: DeviceListItem) => {
    const confirmed = await confirmDialog({
      title: t('devices.reboot.title', { name: device.name }),
      content: t('devices.reboot.content'),
      confirmLabel: t('devices.reboot.confirm'),
    });
    if (!confirmed) return;
    await createTask.mutateAsync({ type: 'TASK_REBOOT', targets: { device_ids: [device.id] } });
    showMessage({ content: t('devices.reboot.started', { name: device.name }) });
  };

  const { key: sortKey, descending } = parseDeviceSort(view.sort);
  const sortable = (column: DeviceColumn, header: string): Partial<ListColumn<DeviceListItem>> => {
    const key = SORT_OF_COLUMN[column];
    if (!key) return {};
    const active = key === sortKey;
    const next = active && !descending ? `-${key}` : key;
    return {
      sorted: active ? (descending ? 'desc' : 'asc') : undefined,
      headerContent: (
        <TableSortLabel
          active={active}
          direction={active && descending ? 'desc' : 'asc'}
          onClick={() => setView({ sort: next === 'name' ? null : next })}
        >
          {header}
        </TableSortLabel>
      ),
    };
  };

  const labels: Record<DeviceColumn, string> = {
    name: t('devices.column.name'),
    site: t('devices.column.site'),
    status: t('devices.column.status'),
    health: t('devices.column.health'),
    mac: t('devices.column.mac'),
    ip: t('devices.column.ip'),
    product: t('devices.column.product'),
    family: t('devices.column.family'),
    firmware: t('devices.column.firmware'),
    serial: t('devices.column.serial'),
    hostname: t('devices.column.hostname'),
    uptime: t('devices.column.uptime'),
    clients: t('devices.column.clients'),
    lastSeen: t('devices.column.lastSeen'),
    uplink: t('devices.column.uplink'),
  };
  const cells: Record<DeviceColumn, Omit<ListColumn<DeviceListItem>, 'id' | 'header'>> = {
    // Names are short and read badly broken; the table scrolls sideways when they are not.
    name: {
      text: (device) => device.name,
      cell: (device) => (
        <Link component={RouterLink} to={deviceHref(device)}>
          {device.name}
        </Link>
      ),
    },
    site: {
      from: 'sm',
      text: (device) => device.site?.name ?? null,
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
    status: {
      nowrap: true,
      cell: (device) => {
        const status = deviceStatus(device);
        return <StatusDot tone={status.tone} label={t(status.key)} />;
      },
    },
    health: {
      nowrap: true,
      from: 'sm',
      cell: (device) => (
        <StatusDot tone={HEALTH_TONES[device.health_id]} label={t(HEALTH_LABEL_KEYS[device.health_id])} />
      ),
    },
    mac: { nowrap: true, from: 'md', cell: (device) => device.mac },
    ip: { nowrap: true, from: 'md', cell: (device) => device.ip },
    product: { from: 'lg', cell: (device) => device.product_name ?? device.product_type },
    family: {
      from: 'lg',
      cell: (device) => {
        const key = familyLabelKey(device.product_type);
        return key ? t(key) : device.product_type;
      },
    },
    firmware: { nowrap: true, from: 'md', cell: (device) => device.fw },
    serial: { nowrap: true, from: 'lg', cell: (device) => device.sn },
    hostname: { from: 'lg', cell: (device) => device.hostname },
    uptime: {
      nowrap: true,
      from: 'md',
      cell: (device) => (device.uptime_s === null ? '' : formatDuration(device.uptime_s, units)),
    },
    clients: {
      nowrap: true,
      numeric: true,
      from: 'md',
      cell: (device) => (device.clients === null ? '' : formatNumber(device.clients, units)),
    },
    lastSeen: {
      nowrap: true,
      from: 'md',
      cell: (device) =>
        device.last_seen_at === null
          ? t('devices.list.neverSeen')
          : formatDateTime(new Date(device.last_seen_at), units),
    },
    uplink: {
      from: 'md',
      cell: (device) => (device.uplink ? uplinkText(t, device.uplink, units) : ''),
    },
  };
  const shown = chosenColumns.filter((column) => siteId === undefined || column !== 'site');
  const columns: ListColumn<DeviceListItem>[] = [
    ...(selectable
      ? [
          {
            id: 'select',
            header: t('devices.bulk.selectPage'),
            headerContent: (
              <Checkbox
                size="small"
                sx={{ p: 0.25 }}
                checked={pageChosen}
                indeterminate={!pageChosen && rows.some((row) => chosen.ids.has(row.id))}
                onChange={togglePage}
                slotProps={{ input: { 'aria-label': t('devices.bulk.selectPage') } }}
              />
            ),
            cell: (device: DeviceListItem) => (
              <Checkbox
                size="small"
                sx={{ p: 0.25 }}
                checked={chosen.all || chosen.ids.has(device.id)}
                disabled={!chosen.ids.has(device.id) && chosen.ids.size >= BULK_DEVICE_IDS_MAX}
                onChange={() => toggleRow(device)}
                slotProps={{ input: { 'aria-label': t('devices.bulk.selectOne', { name: device.name }) } }}
              />
            ),
          },
        ]
      : []),
    ...(['name', ...shown.filter((column) => column !== 'name')] as DeviceColumn[]).map((column) => ({
      id: column,
      header: labels[column],
      ...cells[column],
      ...sortable(column, labels[column]),
    })),
    {
      id: 'actions',
      nowrap: true,
      headerHidden: true,
      header: t('devices.column.actions'),
      cell: (device) => {
        if (!device.allowed_tasks.includes('TASK_REBOOT')) return null;
        const refused = tasksRefusedKey(device);
        return (
          <Tooltip title={refused ? t(refused) : t('devices.reboot.action')}>
            {/* A disabled button takes no pointer events: the span carries its tooltip. */}
            <span>
              <IconButton
                size="small"
                sx={{ p: 0.25 }}
                disabled={refused !== null}
                onClick={() => void reboot(device)}
                aria-label={t('devices.reboot.label', { name: device.name })}
              >
                <RestartAltIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    },
  ];

  const search = list.params.search === '' ? undefined : list.params.search;
  const selection: DeviceSelection = chosen.all
    ? { filter: { ...filters, search } }
    : { device_ids: [...chosen.ids.keys()] };
  // Firmware versions are a family's: a model of the chosen devices when they are all of one family.
  const firstChosen = [...chosen.ids.values()][0];
  const families = new Set([...chosen.ids.values()].map((device) => device.product_type));
  const oneFamilyModel =
    filters.model ??
    (chosen.all
      ? filters.type
        ? (productBrandsOfType(filters.type)[0]?.productBrandId ?? null)
        : null
      : families.size === 1
        ? (firstChosen?.product_brand_id ?? null)
        : null);
  const capped = result.data?.total_capped ?? false;
  const summary = chosen.all
    ? capped
      ? t('devices.bulk.allSelectedCapped', { count: total })
      : t('devices.bulk.allSelected', { count: total })
    : t('devices.bulk.selected', { count: chosen.ids.size });

  return (
    <ListPageFrame
      searchLabel={t('devices.list.search')}
      list={list}
      actions={<RegistrationActions cloudId={list.cloudId} />}
      tools={
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <ColumnChooser
            chosen={chosenColumns}
            labels={labels}
            onChange={(next) => saveColumns.mutate(next)}
          />
          {actions.includes('export') && (
            <Button href={devicesExportHref(list.cloudId, params)} download startIcon={<DownloadIcon />}>
              {t('devices.export.csv')}
            </Button>
          )}
        </Stack>
      }
      emptyText={filtered ? undefined : t('devices.list.empty')}
      filters={
        <Box sx={{ display: 'grid', gap: 1 }}>
          <DeviceFilters
            key={query}
            cloudId={list.cloudId}
            filters={view.filters}
            siteFilter={siteId === undefined}
          />
          {selectable && (chosen.all || chosen.ids.size > 0) && (
            <BulkActions
              cloudId={list.cloudId}
              allowed={bulkAllowed}
              selection={selection}
              summary={summary}
              oneFamilyModel={oneFamilyModel}
              onDone={clear}
              onClear={clear}
              selectAll={
                !chosen.all && pageChosen && total > chosen.ids.size
                  ? {
                      label: capped
                        ? t('devices.bulk.selectAllCapped', { count: total })
                        : t('devices.bulk.selectAll', { count: total }),
                      onClick: () => setChosen({ query, all: true, ids: new Map() }),
                    }
                  : undefined
              }
            />
          )}
        </Box>
      }
      result={result}
      columns={columns}
      rowKey={(device) => device.id}
    />
  );
}
