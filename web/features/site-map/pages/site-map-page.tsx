// docs/site-map.md: the site map (/site/{siteId}/google-map; the menu keeps the name "Google Map"): the
// site's devices by health on a slippy map or a plain grid, their radio links, and placing them with edit_map.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_MAP_TILES, type SiteMapDevice, type SiteMapLink } from '../../../../core/api/site-map.ts';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { HEALTH_TONES } from '../../../platform/device-status.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { useCachedMe } from '../../auth/index.ts';
import { HEALTH_LABEL_KEYS } from '../../devices/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useSiteMap } from '../api/get-site-map.ts';
import { type PlaceInput, useSetDeviceLocation } from '../api/set-device-location.ts';
import { DeviceCard } from '../components/device-card.tsx';
import { MapLegend } from '../components/map-legend.tsx';
import { type PlacedDevice, SiteLeafletMap } from '../components/site-leaflet-map.tsx';
import { UnplacedList } from '../components/unplaced-list.tsx';

const TITLE_ID = 'page-title';
const isPlaced = (device: SiteMapDevice): device is PlacedDevice =>
  device.latitude !== null && device.longitude !== null;

export function SiteMapPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { pathname } = useLocation();
  const siteId = readPathIds(pathname).siteId ?? 0;
  const { cloudId } = usePageObjects(pathname);
  const tiles = useCachedMe()?.map_tiles ?? DEFAULT_MAP_TILES;
  const result = useSiteMap(cloudId, siteId);
  const save = useSetDeviceLocation(cloudId ?? 0, siteId);
  const [grid, setGrid] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [placingId, setPlacingId] = useState<number | null>(null);

  const map = result.data;
  const placed = useMemo(() => (map?.devices ?? []).filter(isPlaced), [map]);
  const unplaced = useMemo(() => (map?.devices ?? []).filter((device) => !isPlaced(device)), [map]);
  const center = useMemo(
    () =>
      map?.site.latitude != null && map.site.longitude != null
        ? ([map.site.latitude, map.site.longitude] as const)
        : null,
    [map],
  );
  const tone = (key: keyof typeof palette) => palette[key];
  const palette = {
    success: theme.palette.success.main,
    warning: theme.palette.warning.main,
    error: theme.palette.error.main,
    neutral: theme.palette.grey[500],
  };
  const canEdit = map?.can_edit_map ?? false;
  const placing = map?.devices.find((device) => device.id === placingId) ?? null;
  const selected = map?.devices.find((device) => device.id === selectedId) ?? null;
  const placingFrom = useMemo(
    () => (placing && isPlaced(placing) ? ([placing.latitude, placing.longitude] as const) : null),
    [placing],
  );

  /** Saves a place and offers to put the device back where it was. */
  function place(device: SiteMapDevice, to: PlaceInput, messageKey: 'placed' | 'moved' | 'removed') {
    const before = { deviceId: device.id, latitude: device.latitude, longitude: device.longitude };
    save.mutate(to, {
      onSuccess: () =>
        showMessage({
          content: t(`siteMap.saved.${messageKey}`, { name: device.name }),
          domain: 'site-map',
          actions: [{ label: t('siteMap.saved.undo'), onClick: () => save.mutate(before) }],
        }),
    });
  }

  if (result.isError)
    return <LoadFailed message={t('siteMap.map.loadFailed')} onRetry={() => void result.refetch()} />;

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.siteGoogleMap.titleKey)}
      </Typography>
      {grid && (
        // A calm notice, not an alert: the page works on the grid.
        <Alert severity="info" role="status">
          {t('siteMap.map.gridNotice')}
        </Alert>
      )}
      {placing && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setPlacingId(null)}>
              {t('siteMap.placing.cancel')}
            </Button>
          }
        >
          {t('siteMap.placing.hint', { name: placing.name })} {t('siteMap.placing.keyboard')}
        </Alert>
      )}
      {!map ? (
        <PageLoader />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            <SiteLeafletMap
              label={t('siteMap.map.label')}
              tiles={tiles}
              grid={grid}
              center={center}
              devices={placed}
              links={map.links}
              selectedId={selectedId}
              draggable={canEdit}
              placing={placing !== null}
              placingFrom={placingFrom}
              colourOf={(device) => tone(HEALTH_TONES[device.health_id])}
              linkColour={(link: SiteMapLink) => (link.state === 'up' ? palette.success : palette.error)}
              clusterColour={theme.palette.primary.main}
              describe={(device) =>
                t('siteMap.marker.device', {
                  name: device.name,
                  health: t(HEALTH_LABEL_KEYS[device.health_id]),
                })
              }
              describeCluster={(count) => t('siteMap.marker.cluster', { count })}
              onSelect={setSelectedId}
              onMove={(device, latitude, longitude) =>
                place(device, { deviceId: device.id, latitude, longitude }, 'moved')
              }
              onPick={(latitude, longitude) => {
                if (!placing) return;
                setPlacingId(null);
                setSelectedId(placing.id);
                place(
                  placing,
                  { deviceId: placing.id, latitude, longitude },
                  isPlaced(placing) ? 'moved' : 'placed',
                );
              }}
              onTilesFailed={() => setGrid(true)}
            />
            <MapLegend upColour={palette.success} downColour={palette.error} />
            {placed.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('siteMap.map.empty')}
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            {selected && (
              <DeviceCard
                device={selected}
                siteId={siteId}
                canEdit={canEdit}
                onClose={() => setSelectedId(null)}
                onRemove={() =>
                  place(selected, { deviceId: selected.id, latitude: null, longitude: null }, 'removed')
                }
                onMove={() => setPlacingId(selected.id)}
              />
            )}
            <UnplacedList
              devices={unplaced}
              canEdit={canEdit}
              placingId={placingId}
              onPlace={(device) => setPlacingId((current) => (current === device.id ? null : device.id))}
            />
            {!canEdit && (
              <Typography variant="body2" color="text.secondary">
                {t('siteMap.page.readOnly')}
              </Typography>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}
