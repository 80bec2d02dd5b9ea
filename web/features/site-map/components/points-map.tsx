// The site map's Leaflet map as other pages show it (docs/site-map.md#elsewhere): read-only markers, the
// deployment's tiles or the coordinate grid with its notice when no tile loads.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP_TILES } from '../../../../core/api/site-map.ts';
import { useCachedMe } from '../../auth/index.ts';
import { type MapPoint, SiteLeafletMap } from './site-leaflet-map.tsx';

export type PointsMapProps<T extends MapPoint> = {
  /** The map's accessible name, unlike its card's title (each landmark is named once). */
  readonly label: string;
  readonly height: number;
  readonly points: readonly T[];
  readonly center: readonly [number, number] | null;
  readonly colourOf: (point: T) => string;
  readonly describe: (point: T) => string;
  readonly describeCluster: (count: number) => string;
  readonly selectedId?: number | null;
  readonly onSelect?: (id: number) => void;
};

const NO_LINKS = [] as const;
const ignore = () => undefined;

export function PointsMap<T extends MapPoint>(props: PointsMapProps<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const tiles = useCachedMe()?.map_tiles ?? DEFAULT_MAP_TILES;
  const [grid, setGrid] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      {grid && (
        // A calm notice, not an alert: the page works on the grid.
        <Alert severity="info" role="status">
          {t('siteMap.map.gridNotice')}
        </Alert>
      )}
      <SiteLeafletMap
        label={props.label}
        tiles={tiles}
        grid={grid}
        height={props.height}
        center={props.center}
        devices={props.points}
        links={NO_LINKS}
        selectedId={props.selectedId ?? null}
        draggable={false}
        placing={false}
        colourOf={props.colourOf}
        linkColour={() => theme.palette.success.main}
        clusterColour={theme.palette.primary.main}
        describe={props.describe}
        describeCluster={props.describeCluster}
        onSelect={props.onSelect ?? ignore}
        onMove={ignore}
        onPick={ignore}
        onTilesFailed={() => setGrid(true)}
      />
    </Box>
  );
}
