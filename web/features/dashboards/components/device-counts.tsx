// Devices by family, status and health; every count links to the device list filtered the same way.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardResponse, FamilyCounts } from '../../../../core/api/dashboards.ts';
import type { DeviceFilterQuery } from '../../../../core/api/devices.ts';
import type { ProductType } from '../../../../core/domain.ts';
import { HealthLabel } from '../../alerts/index.ts';
import { familyLabelKey } from '../../devices/index.ts';
import { DashboardCard } from './dashboard-card.tsx';

/** The device list's address for a filter: the cloud's list, or the site's on a site dashboard. */
export type DeviceListHref = (filter: Omit<DeviceFilterQuery, 'siteId'>) => string;

function Count({
  value,
  href,
  label,
}: {
  readonly value: number;
  readonly href: string;
  readonly label: string;
}) {
  return value === 0 ? (
    <span>{value}</span>
  ) : (
    <Link component={RouterLink} to={href} aria-label={label}>
      {value}
    </Link>
  );
}

function FamilyCard({
  family,
  listHref,
}: {
  readonly family: FamilyCounts;
  readonly listHref: DeviceListHref;
}) {
  const { t } = useTranslation();
  const key = familyLabelKey(family.product_type);
  const name = key ? t(key) : family.product_type;
  const type = key ? (family.product_type as Exclude<ProductType, 'smartnvr'>) : undefined;
  const online = family.status.STATUS_ONLINE + family.status.STATUS_SKIPPED_HB;
  const rows = [
    { label: t('devices.status.online'), value: online, filter: { status: 'online' as const } },
    {
      label: t('devices.status.offline'),
      value: family.status.STATUS_OFFLINE,
      filter: { status: 'offline' as const },
    },
    {
      label: <HealthLabel health="HEALTH_CRITICAL" />,
      text: t('devices.health.critical'),
      value: family.health.HEALTH_CRITICAL,
      filter: { health: 'HEALTH_CRITICAL' as const },
    },
    {
      label: <HealthLabel health="HEALTH_WARNING" />,
      text: t('devices.health.warning'),
      value: family.health.HEALTH_WARNING,
      filter: { health: 'HEALTH_WARNING' as const },
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
      <Typography component="h3" variant="subtitle2">
        {name}
      </Typography>
      <Typography variant="h2" component="p">
        <Count
          value={family.total}
          href={listHref({ type })}
          label={t('dashboards.devices.allOf', { family: name, total: family.total })}
        />
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.25 }}>
        {rows.map((row) => {
          const text = typeof row.label === 'string' ? row.label : row.text;
          return (
            <Box key={text} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {row.label}
              </Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                <Count
                  value={row.value}
                  href={listHref({ type, ...row.filter })}
                  label={t('dashboards.devices.countOf', { family: name, what: text, total: row.value })}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

export function DeviceCounts({
  devices,
  listHref,
}: {
  readonly devices: DashboardResponse['devices'];
  readonly listHref: DeviceListHref;
}) {
  const { t } = useTranslation();
  return (
    <DashboardCard
      title={t('dashboards.devices.title')}
      action={
        devices.total > 0 && (
          <Link component={RouterLink} to={listHref({})}>
            {t('dashboards.devices.all', { total: devices.total })}
          </Link>
        )
      }
    >
      {devices.total === 0 ? (
        <Typography color="text.secondary">{t('dashboards.devices.none')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
          {devices.families.map((family) => (
            <FamilyCard key={family.product_type} family={family} listHref={listHref} />
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}
