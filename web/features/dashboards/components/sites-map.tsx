// The cloud dashboard's "Sites on the map" card (docs/site-map.md#elsewhere): the sites with coordinates
// coloured by their worst device health, clustered as on the site map; a marker opens the site's card.
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SiteListItem } from '../../../../core/api/sites.ts';
import type { HealthId } from '../../../../core/domain.ts';
import { routes } from '../../../../core/routes.ts';
import { HEALTH_TONES } from '../../../platform/device-status.ts';
import { HEALTH_LABEL_KEYS } from '../../devices/index.ts';
import { PointsMap } from '../../site-map/index.ts';
import { useMapSites } from '../api/get-map-sites.ts';
import { DashboardCard } from './dashboard-card.tsx';

/** A card's map is short: the site map page is where to look closely. */
const MAP_HEIGHT = 320;

type PlacedSite = SiteListItem & { readonly latitude: number; readonly longitude: number };
const isPlaced = (site: SiteListItem): site is PlacedSite =>
  site.latitude !== null && site.longitude !== null;

/** The worst health among the site's live devices; unknown when it has none. */
export function worstHealth(site: SiteListItem): HealthId {
  if (site.critical_count > 0) return 'HEALTH_CRITICAL';
  if (site.warning_count > 0) return 'HEALTH_WARNING';
  return site.device_count > 0 ? 'HEALTH_NORMAL' : 'HEALTH_UNKNOWN';
}

export function SitesMap({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const result = useMapSites(cloudId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const placed = useMemo(() => (result.data?.items ?? []).filter(isPlaced), [result.data]);
  const palette = {
    success: theme.palette.success.main,
    warning: theme.palette.warning.main,
    error: theme.palette.error.main,
    neutral: theme.palette.grey[500],
  };
  const selected = placed.find((site) => site.id === selectedId) ?? null;
  if (!result.data) return null;
  const { items, total } = result.data;
  return (
    <DashboardCard title={t('dashboards.sitesMap.title')}>
      {placed.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('dashboards.sitesMap.none')}
        </Typography>
      ) : (
        <PointsMap
          label={t('dashboards.sitesMap.label')}
          height={MAP_HEIGHT}
          points={placed}
          center={null}
          colourOf={(site) => palette[HEALTH_TONES[worstHealth(site)]]}
          describe={(site) =>
            t('dashboards.sitesMap.marker', {
              name: site.name,
              health: t(HEALTH_LABEL_KEYS[worstHealth(site)]),
            })
          }
          describeCluster={(count) => t('dashboards.sitesMap.cluster', { count })}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      )}
      {selected && (
        <Typography component="p">
          <Typography component="strong" sx={{ fontWeight: 600, mr: 1 }}>
            {selected.name}
          </Typography>
          <Link
            component={RouterLink}
            to={routes.siteDashboard.href({ siteId: selected.id }, { hash: 'default' })}
          >
            {t('dashboards.sitesMap.open')}
          </Link>
        </Typography>
      )}
      {total > items.length && (
        <Typography variant="body2" color="text.secondary">
          {t('dashboards.sitesMap.more', { count: items.length })}
        </Typography>
      )}
    </DashboardCard>
  );
}
