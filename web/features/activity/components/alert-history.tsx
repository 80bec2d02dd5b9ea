// The Alerts tab of the activity page: every alert of the cloud, filtered, with acknowledging one or many.

import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import {
  ACKNOWLEDGE_COMMENT_MAX,
  type AlertHistoryItem,
  type CreateMuteBody,
} from '../../../../core/api/activity.ts';
import { alertCameraName, CAMERA_ALERT_TYPES } from '../../../../core/api/cameras.ts';
import { ALERT_TYPES } from '../../../../core/domain.ts';
import { routes } from '../../../../core/routes.ts';
import { promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ExportButton, HistoryFilter, RangeFilter } from '../../../platform/list-page/history-filter.tsx';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { AlertTime, alertDescription, HealthLabel } from '../../alerts/index.ts';
import { cameraHref } from '../../cameras/index.ts';
import {
  type AlertFilters,
  alertExportHref,
  type HealthFilter,
  type HistoryScope,
  useAcknowledgeAlerts,
  useAlertHistory,
  useAlertMutes,
  useChangeMutes,
} from '../api/activity.ts';
import { MuteDialog } from './mute-dialog.tsx';
import { MuteList } from './mute-list.tsx';

const TABLE_ID = 'alert-history-title';

function Source({ alert, cloudId }: { readonly alert: AlertHistoryItem; readonly cloudId: number }) {
  const { t } = useTranslation();
  const { device, smartnvr, site } = alert;
  if (device && site) {
    const to = routes.deviceDashboard.href({ siteId: site.id, deviceId: device.id });
    return (
      <Link component={RouterLink} to={to}>
        {device.name}
      </Link>
    );
  }
  if (smartnvr) {
    const recorder = (
      <Link component={RouterLink} to={routes.smartNvrDashboard.href({ smartNvrId: smartnvr.id })}>
        {smartnvr.name}
      </Link>
    );
    // docs/cameras.md#alerts: a camera's alert also leads to the camera on the recorder's IP Cameras page.
    if (!(CAMERA_ALERT_TYPES as readonly string[]).includes(alert.alert_type)) return recorder;
    return (
      <>
        {recorder}
        {' · '}
        <Link component={RouterLink} to={cameraHref(cloudId, smartnvr.id, alert.camera_id)}>
          {alert.camera_id ? alertCameraName(alert, alert.camera_id) : t('nav.smartnvr.ipCameras')}
        </Link>
      </>
    );
  }
  return <>{device?.name ?? ''}</>;
}

function AlertState({ alert }: { readonly alert: AlertHistoryItem }) {
  const { t } = useTranslation();
  const { acknowledged } = alert;
  return (
    <Box sx={{ display: 'grid' }}>
      <span>
        {alert.resolved_at ? t('activity.alertState.resolved') : t('activity.alertState.open')}
        {alert.muted && <Chip size="small" label={t('activity.mute.muted')} sx={{ ml: 1 }} />}
      </span>
      {acknowledged && (
        <Typography variant="body2" color="text.secondary">
          {acknowledged.comment
            ? t('activity.alerts.acknowledgedWith', {
                name: acknowledged.by ?? '',
                comment: acknowledged.comment,
              })
            : t('activity.alerts.acknowledgedBy', { name: acknowledged.by ?? '' })}
        </Typography>
      )}
    </Box>
  );
}

export function AlertHistory({
  cloudId,
  scope,
  initialHealth,
}: {
  readonly cloudId: number;
  readonly scope: HistoryScope;
  readonly initialHealth: HealthFilter;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AlertFilters>({
    ...scope,
    state: 'all',
    health: initialHealth,
    type: 'all',
    range: 'all',
  });
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [muting, setMuting] = useState<AlertHistoryItem | null>(null);
  const mutes = useAlertMutes(cloudId);
  const changeMutes = useChangeMutes(cloudId);
  const result = useAlertHistory(cloudId, filters, offset);
  const acknowledge = useAcknowledgeAlerts(cloudId);
  const change = (next: Partial<AlertFilters>) => {
    setFilters({ ...filters, ...next });
    setOffset(0);
    setSelected(new Set());
  };
  const selectable = (result.data?.items ?? []).filter((alert) => alert.can_acknowledge);
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    setSelected(next);
  };
  const allSelected = selectable.length > 0 && selectable.every((alert) => selected.has(alert.id));

  const columns: ListColumn<AlertHistoryItem>[] = [
    {
      id: 'select',
      header: t('activity.alertColumn.select'),
      headerHidden: true,
      cell: (alert) =>
        alert.can_acknowledge && (
          <Checkbox
            size="small"
            checked={selected.has(alert.id)}
            onChange={() => toggle(alert.id)}
            slotProps={{ input: { 'aria-label': t('activity.alerts.select', { id: alert.id }) } }}
          />
        ),
    },
    {
      id: 'health',
      nowrap: true,
      header: t('activity.alertColumn.health'),
      cell: (alert) => <HealthLabel health={alert.health_id} />,
    },
    {
      id: 'alert',
      header: t('activity.alertColumn.alert'),
      cell: (alert) => (
        <Box sx={{ display: 'grid' }}>
          <span>{t(ALERT_TITLE_KEYS[alert.alert_type])}</span>
          <Typography variant="body2" color="text.secondary">
            {alertDescription(t, alert)}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'source',
      header: t('activity.alertColumn.source'),
      from: 'sm',
      cell: (alert) => <Source alert={alert} cloudId={cloudId} />,
    },
    { id: 'site', header: t('activity.alertColumn.site'), from: 'md', cell: (alert) => alert.site?.name },
    {
      id: 'raised',
      nowrap: true,
      header: t('activity.alertColumn.raised'),
      cell: (alert) => <AlertTime iso={alert.problem_at} />,
    },
    {
      id: 'state',
      header: t('activity.alertColumn.state'),
      from: 'sm',
      cell: (alert) => <AlertState alert={alert} />,
    },
    {
      id: 'actions',
      nowrap: true,
      headerHidden: true,
      header: t('activity.alertColumn.actions'),
      cell: (alert) =>
        alert.can_mute && (
          <Tooltip title={t('activity.mute.action')}>
            <IconButton
              size="small"
              onClick={() => setMuting(alert)}
              aria-label={t('activity.mute.label', {
                name: alert.device?.name ?? alert.smartnvr?.name ?? '',
              })}
            >
              <NotificationsOffIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    },
  ];

  const mute = async (body: CreateMuteBody) => {
    await changeMutes.open.mutateAsync(body);
    setMuting(null);
    showMessage({ content: t('activity.mute.opened') });
  };

  const acknowledgeSelected = async () => {
    const count = selected.size;
    const comment = await promptDialog({
      title: t('activity.alerts.acknowledgeTitle', { count }),
      content: t('activity.alerts.acknowledgeText'),
      label: t('activity.alerts.comment'),
      allowBlank: true,
      validate: (value) =>
        value.length > ACKNOWLEDGE_COMMENT_MAX
          ? t('activity.alerts.commentTooLong', { max: ACKNOWLEDGE_COMMENT_MAX })
          : null,
      submitLabel: t('activity.alerts.acknowledge', { count }),
    });
    if (comment === null) return;
    const { acknowledged } = await acknowledge.mutateAsync({ alert_ids: [...selected], comment });
    setSelected(new Set());
    showMessage({ content: t('activity.alerts.acknowledgedCount', { count: acknowledged }) });
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography id={TABLE_ID} variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('activity.tab.alerts')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <HistoryFilter
          label={t('activity.alertFilter.state')}
          value={filters.state}
          onChange={(state) => change({ state })}
          options={[
            { value: 'all', label: t('activity.filter.all') },
            { value: 'open', label: t('activity.alertState.open') },
            { value: 'acknowledged', label: t('activity.alertState.acknowledged') },
            { value: 'resolved', label: t('activity.alertState.resolved') },
          ]}
        />
        <HistoryFilter
          label={t('activity.alertFilter.health')}
          value={filters.health}
          onChange={(health) => change({ health })}
          options={[
            { value: 'all', label: t('activity.filter.all') },
            { value: 'problems', label: t('activity.alertHealth.problems') },
            { value: 'critical', label: t('devices.health.critical') },
            { value: 'warning', label: t('devices.health.warning') },
          ]}
        />
        <HistoryFilter
          label={t('activity.alertFilter.type')}
          value={filters.type}
          onChange={(type) => change({ type })}
          options={[
            { value: 'all' as const, label: t('activity.filter.all') },
            ...ALERT_TYPES.map((type) => ({ value: type, label: t(ALERT_TITLE_KEYS[type]) })),
          ]}
        />
        <RangeFilter value={filters.range} onChange={(range) => change({ range })} />
        <ExportButton href={alertExportHref(cloudId, filters)} />
      </Box>
      <MuteList mutes={mutes.data?.items ?? []} onEnd={(id) => changeMutes.end.mutateAsync(id)} />
      {selectable.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <FormControlLabel
            label={t('activity.alerts.selectPage')}
            control={
              <Checkbox
                size="small"
                checked={allSelected}
                onChange={() =>
                  setSelected(allSelected ? new Set() : new Set(selectable.map((alert) => alert.id)))
                }
              />
            }
          />
          <Button
            variant="contained"
            disabled={selected.size === 0}
            onClick={() => void acknowledgeSelected()}
          >
            {t('activity.alerts.acknowledge', { count: selected.size })}
          </Button>
        </Box>
      )}
      <ListResults
        result={result}
        offset={offset}
        onOffset={setOffset}
        columns={columns}
        rowKey={(alert) => alert.id}
        labelledBy={TABLE_ID}
      />
      {muting && (
        <MuteDialog
          alert={muting}
          canMuteTypes={mutes.data?.can_mute_types ?? false}
          busy={changeMutes.open.isPending}
          onCancel={() => setMuting(null)}
          onSubmit={mute}
        />
      )}
    </Box>
  );
}
