import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { formatDateTime } from '../../../platform/date-time.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { formatNumber, formatWatts } from '../../../platform/units.ts';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useUnitContext } from '../../account/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useDevicePorts } from '../api/get-device-ports.ts';
import { PortsTable } from '../components/ports-table.tsx';

const TITLE_ID = 'page-title';

export function PortsPage() {
  const { t } = useTranslation();
  const units = useUnitContext();
  const { deviceId } = useRouteParams('devicePorts');
  const objects = usePageObjects(useLocation().pathname);
  const result = useDevicePorts(objects.cloudId, deviceId);
  const data = result.data;
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.devicePorts.titleKey)}
      </Typography>
      {objects.error !== null || (result.isError && !data) ? (
        <LoadFailed message={t('statistics.ports.loadFailed')} onRetry={() => result.refetch()} />
      ) : !data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('statistics.page.loading')} />
        </Box>
      ) : data.at === null || data.ports.length === 0 ? (
        <Typography role="status" sx={{ py: 2 }}>
          {data.at === null ? t('statistics.ports.neverReported') : t('statistics.ports.empty')}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Typography>
              {t('statistics.ports.summary', {
                up: formatNumber(data.ports.filter((port) => port.link).length, units),
                total: formatNumber(data.ports.length, units),
                power: formatWatts(
                  data.ports.reduce((sum, port) => sum + port.poe_w, 0),
                  units,
                ),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('statistics.ports.readingAt', {
                time: formatDateTime(new Date(data.at), units),
              })}{' '}
              {data.interval_s
                ? t('statistics.ports.trafficRate', {
                    seconds: formatNumber(data.interval_s, units),
                  })
                : t('statistics.ports.trafficBytes')}
            </Typography>
          </Box>
          <PortsTable ports={data.ports} interval_s={data.interval_s} labelledBy={TITLE_ID} />
        </>
      )}
    </Box>
  );
}
