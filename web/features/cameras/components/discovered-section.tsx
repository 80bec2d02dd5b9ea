// The cameras the recorder's latest ONVIF scan found that it does not record
// (docs/cameras.md#discovered-cameras): a new scan, and adding one, for whoever holds manage_snvr.
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscoveredCamera } from '../../../../core/api/cameras.ts';
import { ACTIVE_TASK_STATES, type TaskState } from '../../../../core/domain.ts';
import { promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import type { CameraChange } from '../api/change-camera.ts';
import { useDiscoveredCameras } from '../api/get-cameras.ts';
import { useNameRule } from './name-rule.ts';

const TITLE_ID = 'discovered-title';

interface DiscoveredSectionProps {
  readonly cloudId: number | null;
  readonly smartNvrId: number;
  readonly canManage: boolean;
  readonly busy: boolean;
  readonly onChange: (change: CameraChange) => void;
}

function useScanText() {
  const { t } = useTranslation();
  return (state: TaskState | undefined): string => {
    if (state === undefined) return t('cameras.discovered.never');
    if ((ACTIVE_TASK_STATES as readonly string[]).includes(state)) return t('cameras.discovered.running');
    return state === 'TASK_SUCCESS' ? t('cameras.discovered.done') : t('cameras.discovered.failed');
  };
}

export function DiscoveredSection({
  cloudId,
  smartNvrId,
  canManage,
  busy,
  onChange,
}: DiscoveredSectionProps) {
  const { t } = useTranslation();
  const nameRule = useNameRule();
  const scanText = useScanText();
  const [offset, setOffset] = useState(0);
  const result = useDiscoveredCameras(cloudId, smartNvrId, offset);
  const scanState = result.data?.last_scan?.task_state;
  const scanning = scanState !== undefined && (ACTIVE_TASK_STATES as readonly string[]).includes(scanState);

  const adopt = async (camera: DiscoveredCamera) => {
    const name = await promptDialog({
      title: t('cameras.adopt.title', { ip: camera.ip }),
      label: t('cameras.adopt.label'),
      content: t('cameras.adopt.content', { manufacturer: camera.manufacturer, model: camera.model }),
      initialValue: camera.name,
      validate: nameRule,
      submitLabel: t('cameras.adopt.submit'),
    });
    if (name !== null) onChange({ kind: 'adopt', discoveredId: camera.id, body: { name: name.trim() } });
  };

  const columns: ListColumn<DiscoveredCamera>[] = [
    { id: 'name', header: t('cameras.column.name'), cell: (camera) => camera.name },
    { id: 'ip', nowrap: true, header: t('cameras.column.address'), cell: (camera) => camera.ip },
    {
      id: 'manufacturer',
      header: t('cameras.column.manufacturer'),
      from: 'sm',
      cell: (camera) => camera.manufacturer,
    },
    { id: 'model', header: t('cameras.column.model'), from: 'md', cell: (camera) => camera.model },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('cameras.column.actions'),
            headerHidden: true,
            cell: (camera: DiscoveredCamera) => (
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                aria-label={t('cameras.adopt.button', { name: camera.name })}
                onClick={() => adopt(camera)}
              >
                {t('cameras.adopt.submit')}
              </Button>
            ),
          } satisfies ListColumn<DiscoveredCamera>,
        ]
      : []),
  ];

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={TITLE_ID} variant="h2">
          {t('cameras.discovered.title')}
        </Typography>
        {canManage && (
          <Button
            variant="contained"
            startIcon={<SearchIcon />}
            disabled={busy || scanning || cloudId === null}
            onClick={() => onChange({ kind: 'scan' })}
          >
            {t('cameras.discovered.scan')}
          </Button>
        )}
      </Box>
      <Typography role="status" color="text.secondary">
        {result.data ? scanText(scanState) : '\u00a0'}
      </Typography>
      <Paper variant="outlined" sx={{ minWidth: 0, p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}>
        <ListResults
          result={{ ...result, isPending: result.isPending || cloudId === null }}
          offset={offset}
          onOffset={setOffset}
          emptyText={t('cameras.discovered.empty')}
          columns={columns}
          rowKey={(camera) => camera.id}
          labelledBy={TITLE_ID}
        />
      </Paper>
    </Box>
  );
}
