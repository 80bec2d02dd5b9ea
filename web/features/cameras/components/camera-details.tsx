// The camera an address picks (an alert's link, docs/cameras.md#alerts): everything the recorder reported of
// it, on any screen, whichever page of the list it is on.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraItem } from '../../../../core/api/cameras.ts';
import { formatBitRate, formatBytes } from '../../../platform/units.ts';
import { DateTime, useUnitContext } from '../../account/index.ts';
import { recordingText, STATUS_KEYS, streamText } from './camera-values.ts';

const TITLE_ID = 'selected-camera-title';

interface CameraDetailsProps {
  readonly cameraId: string;
  readonly camera: CameraItem | undefined;
  readonly missing: boolean;
  readonly onClear: () => void;
  /** The camera's changes, for whoever may make them. */
  readonly actions?: ReactNode;
}

export function CameraDetails({ cameraId, camera, missing, onClear, actions }: CameraDetailsProps) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const panel = useRef<HTMLElement>(null);
  const shownId = camera?.id;
  // A camera picked from the list below (or by an alert's link) is brought into view.
  useEffect(() => {
    if (shownId) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shownId]);
  const clear = (
    <Button size="small" onClick={onClear}>
      {t('cameras.selected.clear')}
    </Button>
  );
  if (missing)
    return (
      <Alert severity="info" action={clear}>
        {t('cameras.selected.missing', { id: cameraId })}
      </Alert>
    );
  if (!camera) return null;
  const unknown = t('cameras.value.unknown');
  const rows: [string, ReactNode][] = [
    [t('cameras.column.status'), t(STATUS_KEYS[camera.status])],
    [t('cameras.column.model'), camera.model ?? unknown],
    [t('cameras.column.address'), camera.ip ?? unknown],
    [t('cameras.column.firmware'), camera.firmware ?? unknown],
    [t('cameras.column.main'), streamText(t, camera.main)],
    [t('cameras.column.sub'), streamText(t, camera.sub)],
    [t('cameras.column.bitrate'), formatBitRate(camera.bitrate_kbps * 1000, units)],
    [t('cameras.column.recording'), recordingText(t, camera)],
    [
      t('cameras.column.storage'),
      camera.storage_used_bytes === null ? unknown : formatBytes(camera.storage_used_bytes, units),
    ],
    [
      t('cameras.column.lastFrame'),
      camera.last_frame_at ? <DateTime key="lastFrame" iso={camera.last_frame_at} /> : unknown,
    ],
  ];
  return (
    <Paper
      ref={panel}
      component="section"
      aria-labelledby={TITLE_ID}
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1, borderColor: 'primary.main', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={TITLE_ID} variant="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {camera.name}
        </Typography>
        {actions}
        {clear}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.5 },
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
