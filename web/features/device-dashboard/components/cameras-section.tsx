// A recorder's cameras with the state and bit rate of each stream, and whether its media reach storage.
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceReport } from '../../../../core/api/devices.ts';
import { formatDuration } from '../../../platform/duration.ts';
import { ListTable } from '../../../platform/list-page/list-table.tsx';
import { formatBitRate, formatNumber } from '../../../platform/units.ts';
import { useUnitContext } from '../../account/index.ts';
import { DashboardSection } from './dashboard-section.tsx';

type Camera = NonNullable<DeviceReport['cameras']>[number];
type MediaSync = NonNullable<DeviceReport['media_sync']>;
const ID = 'dashboard-cameras';

const STREAM_KEYS = {
  streaming: 'deviceDashboard.cameras.streaming',
  failed: 'deviceDashboard.cameras.failed',
  idle: 'deviceDashboard.cameras.idle',
} as const satisfies Record<Camera['stream'], string>;

export function CamerasSection({ cameras }: { readonly cameras: readonly Camera[] }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const streaming = cameras.filter((camera) => camera.stream === 'streaming').length;
  return (
    <DashboardSection id={ID} title={t('deviceDashboard.cameras.title')} wide>
      {cameras.length === 0 ? (
        <Typography>{t('deviceDashboard.cameras.empty')}</Typography>
      ) : (
        <>
          <Typography>
            {t('deviceDashboard.cameras.summary', {
              streaming: formatNumber(streaming, units),
              total: formatNumber(cameras.length, units),
            })}
          </Typography>
          <ListTable
            labelledBy={ID}
            busy={false}
            rows={cameras}
            rowKey={(camera) => camera.id}
            columns={[
              { id: 'name', header: t('deviceDashboard.cameras.name'), cell: (camera) => camera.name },
              {
                id: 'stream',
                nowrap: true,
                header: t('deviceDashboard.cameras.stream'),
                cell: (camera) => t(STREAM_KEYS[camera.stream]),
              },
              {
                id: 'bitrate',
                numeric: true,
                nowrap: true,
                header: t('deviceDashboard.cameras.bitrate'),
                cell: (camera) => formatBitRate(camera.bitrate_kbps * 1000, units),
              },
            ]}
          />
        </>
      )}
    </DashboardSection>
  );
}

export function MediaSyncSection({ sync }: { readonly sync: MediaSync }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const lag = formatDuration(sync.lag_s, units);
  return (
    <DashboardSection id="dashboard-media-sync" title={t('deviceDashboard.mediaSync.title')}>
      {sync.ok ? (
        <Alert severity="success">{t('deviceDashboard.mediaSync.ok', { lag })}</Alert>
      ) : (
        <Alert severity="error">
          {t('deviceDashboard.mediaSync.failed', {
            lag,
            error: sync.error ?? t('deviceDashboard.value.notKnown'),
          })}
        </Alert>
      )}
    </DashboardSection>
  );
}
