// docs/cameras.md: a recorder's IP Cameras (/v2/cloud/{cloudId}/smartnvr/{smartNvrId}/ipcams): the cameras
// it records, searched, filtered and paged on the server, the one an address picks (`?camera=`), and the
// cameras its ONVIF scan found. Every member reads; manage_snvr changes, each change a task to the recorder.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { CAMERA_FILTERS, type CameraFilter, type CameraItem } from '../../../../core/api/cameras.ts';
import { LIST_SEARCH_MIN_LENGTH } from '../../../../core/api/list-query.ts';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { useChangeQuery } from '../../../platform/address-query.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { SearchField } from '../../../platform/search-field/search-field.tsx';
import { formatBytes } from '../../../platform/units.ts';
import { DateTime, useUnitContext } from '../../account/index.ts';
import { TASK_TYPE_TITLE_KEYS } from '../../tasks/index.ts';
import { type CameraChange, useChangeCamera } from '../api/change-camera.ts';
import { useCamera, useCameras } from '../api/get-cameras.ts';
import type { CameraListParams } from '../api/keys.ts';
import { cameraHref } from '../camera-href.ts';
import { CameraActions } from '../components/camera-actions.tsx';
import { CameraDetails } from '../components/camera-details.tsx';
import { recordingText, STATUS_KEYS, streamText } from '../components/camera-values.ts';
import { DiscoveredSection } from '../components/discovered-section.tsx';

const TITLE_ID = 'page-title';
const LIST_ID = 'cameras-title';

const FILTER_KEYS = {
  all: 'cameras.filter.all',
  streaming: 'cameras.status.streaming',
  failed: 'cameras.status.failed',
  idle: 'cameras.status.idle',
  recording: 'cameras.filter.recording',
  not_recording: 'cameras.filter.notRecording',
} as const satisfies Record<CameraFilter, string>;

export function CamerasPage() {
  const { t } = useTranslation();
  const units = useUnitContext();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const changeQuery = useChangeQuery();
  const ids = readPathIds(pathname);
  const cloudId = ids.cloudId ?? null;
  const smartNvrId = ids.smartNvrId ?? 0;
  const picked = query.get('camera') || null;
  const [params, setParams] = useState<CameraListParams>({ search: '', filter: 'all', offset: 0 });
  const result = useCameras(cloudId, smartNvrId, params);
  const selected = useCamera(cloudId, smartNvrId, picked);
  const change = useChangeCamera(cloudId ?? 0, smartNvrId);
  const canManage = result.data?.can_manage === true;
  const recorder = result.data?.recorder;

  const onChange = (request: CameraChange) =>
    change.mutate(request, {
      onSuccess: ({ task }) =>
        showMessage({
          content: t('cameras.message.started', { task: t(TASK_TYPE_TITLE_KEYS[task.type_id]) }),
        }),
      onError: () => showMessage({ variant: 'error', content: t('cameras.message.failed') }),
    });

  const columns: ListColumn<CameraItem>[] = [
    {
      id: 'name',
      header: t('cameras.column.name'),
      text: (camera) => camera.name,
      cell: (camera) => (
        <Link component={RouterLink} to={cameraHref(cloudId ?? 0, smartNvrId, camera.id)} preventScrollReset>
          {camera.name}
        </Link>
      ),
    },
    {
      id: 'status',
      nowrap: true,
      header: t('cameras.column.status'),
      cell: (camera) => t(STATUS_KEYS[camera.status]),
    },
    { id: 'model', header: t('cameras.column.model'), from: 'md', cell: (camera) => camera.model ?? '' },
    {
      id: 'ip',
      nowrap: true,
      header: t('cameras.column.address'),
      from: 'sm',
      cell: (camera) => camera.ip ?? '',
    },
    {
      id: 'firmware',
      nowrap: true,
      header: t('cameras.column.firmware'),
      from: 'lg',
      cell: (camera) => camera.firmware ?? '',
    },
    {
      id: 'main',
      nowrap: true,
      header: t('cameras.column.main'),
      from: 'md',
      cell: (camera) => streamText(t, camera.main),
    },
    {
      id: 'sub',
      nowrap: true,
      header: t('cameras.column.sub'),
      from: 'lg',
      cell: (camera) => streamText(t, camera.sub),
    },
    {
      id: 'recording',
      header: t('cameras.column.recording'),
      from: 'sm',
      cell: (camera) => recordingText(t, camera),
    },
    {
      id: 'storage',
      nowrap: true,
      numeric: true,
      header: t('cameras.column.storage'),
      from: 'md',
      cell: (camera) =>
        camera.storage_used_bytes === null ? '' : formatBytes(camera.storage_used_bytes, units),
    },
    {
      id: 'lastFrame',
      nowrap: true,
      header: t('cameras.column.lastFrame'),
      from: 'lg',
      cell: (camera) => (camera.last_frame_at ? <DateTime iso={camera.last_frame_at} /> : ''),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('cameras.column.actions'),
            headerHidden: true,
            cell: (camera: CameraItem) => <CameraActions camera={camera} onChange={onChange} />,
          } satisfies ListColumn<CameraItem>,
        ]
      : []),
  ];

  const missing = selected.isError && isApiError(selected.error) && selected.error.status === 404;
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography id={TITLE_ID} variant="h1">
          {t(routes.smartNvrIpcams.titleKey)}
        </Typography>
        {recorder && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {recorder.name}
          </Typography>
        )}
      </Box>
      {recorder && !recorder.online && <Alert severity="warning">{t('cameras.page.offline')}</Alert>}
      {result.data && !canManage && <Alert severity="info">{t('cameras.page.readOnly')}</Alert>}
      {picked !== null && (
        <CameraDetails
          cameraId={picked}
          camera={selected.data}
          missing={missing}
          onClear={() => changeQuery({ camera: null })}
          actions={
            canManage && selected.data ? (
              <CameraActions camera={selected.data} onChange={onChange} />
            ) : undefined
          }
        />
      )}
      <Box component="section" aria-labelledby={LIST_ID} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Typography id={LIST_ID} variant="h2">
          {t('cameras.list.title')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: { xs: '1 1 100%', sm: '0 1 420px' } }}>
            <SearchField
              label={t('cameras.list.search')}
              minLength={LIST_SEARCH_MIN_LENGTH}
              onSearch={(search) => setParams((current) => ({ ...current, search, offset: 0 }))}
            />
          </Box>
          <TextField
            select
            size="small"
            label={t('cameras.list.filter')}
            value={params.filter}
            onChange={(event) =>
              setParams((current) => ({ ...current, filter: event.target.value as CameraFilter, offset: 0 }))
            }
            sx={{ minWidth: 200 }}
          >
            {CAMERA_FILTERS.map((filter) => (
              <MenuItem key={filter} value={filter}>
                {t(FILTER_KEYS[filter])}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Paper variant="outlined" sx={{ minWidth: 0, p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}>
          <ListResults
            result={{ ...result, isPending: result.isPending || cloudId === null }}
            offset={params.offset}
            onOffset={(offset) => setParams((current) => ({ ...current, offset }))}
            emptyText={params.search !== '' || params.filter !== 'all' ? undefined : t('cameras.list.empty')}
            columns={columns}
            rowKey={(camera) => camera.id}
            labelledBy={LIST_ID}
            selectedKey={picked ?? undefined}
          />
        </Paper>
      </Box>
      <DiscoveredSection
        cloudId={cloudId}
        smartNvrId={smartNvrId}
        canManage={canManage}
        busy={change.isPending}
        onChange={onChange}
      />
    </Box>
  );
}
