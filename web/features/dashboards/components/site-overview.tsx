// A site's devices at a glance (health and name, each linking to its dashboard) and where the site is.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardResponse } from '../../../../core/api/dashboards.ts';
import { routes } from '../../../../core/routes.ts';
import { HealthLabel } from '../../alerts/index.ts';
import { useDevices } from '../../devices/index.ts';
import { PointsMap } from '../../site-map/index.ts';
import { DashboardCard } from './dashboard-card.tsx';

export function SiteDevices({ cloudId, siteId }: { readonly cloudId: number; readonly siteId: number }) {
  const { t } = useTranslation();
  const devices = useDevices(cloudId, { search: '', offset: 0, filters: { site_id: siteId } });
  const total = devices.data?.total ?? 0;
  return (
    <DashboardCard
      title={t('dashboards.siteDevices.title')}
      action={
        total > 0 && (
          <Link component={RouterLink} to={routes.siteDevices.href({ cloudId, siteId })}>
            {t('dashboards.devices.all', { total })}
          </Link>
        )
      }
    >
      {!devices.data ? (
        <Typography color={devices.isError ? 'error' : 'text.secondary'}>
          {devices.isError ? t('dashboards.load.failed') : t('dashboards.load.pending')}
        </Typography>
      ) : devices.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('dashboards.devices.none')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            m: 0,
            p: 0,
            listStyle: 'none',
            display: 'grid',
            gap: 0.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {devices.data.items.map((device) => (
            <Box component="li" key={device.id} sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={routes.deviceDashboard.href({ siteId, deviceId: device.id })}
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {device.name}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1 }}>
                <HealthLabel health={device.health_id} />
                <span>{device.online ? t('devices.status.online') : t('devices.status.offline')}</span>
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}

/** The Location card's map is a glance; the site map page is where to look closely. */
const POSITION_MAP_HEIGHT = 200;

export function SitePosition({ site }: { readonly site: NonNullable<DashboardResponse['site']> }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { id, name, latitude, longitude } = site;
  const known = latitude !== null && longitude !== null;
  const points = useMemo(
    () => (latitude !== null && longitude !== null ? [{ id, latitude, longitude }] : []),
    [id, latitude, longitude],
  );
  const degrees = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 5 }).format(value);
  return (
    <DashboardCard title={t('dashboards.position.title')}>
      {site.location !== '' && <Typography>{site.location}</Typography>}
      {known ? (
        <>
          <PointsMap
            label={t('dashboards.position.mapLabel', { name })}
            height={POSITION_MAP_HEIGHT}
            points={points}
            center={[latitude, longitude]}
            colourOf={() => theme.palette.primary.main}
            describe={() => name}
            describeCluster={() => name}
          />
          <Typography variant="body2">
            {t('dashboards.position.coordinates', {
              latitude: degrees(latitude),
              longitude: degrees(longitude),
            })}
          </Typography>
          <Link
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('dashboards.position.map')}
          </Link>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('dashboards.position.none')}
        </Typography>
      )}
    </DashboardCard>
  );
}
