// A world map drawn by the console itself (no tile server: it works offline and self-hosted). Clicking it
// sets a site's coordinates; the outlines are coarse, so exact coordinates are typed beside it.
import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Land masses as [longitude, latitude] points, a few dozen each: enough to find a place on the map. */
// biome-ignore format: the point lists read best packed, a few pairs a line
const LAND: readonly (readonly [number, number])[][] = [
  // North America
  [
    [-168, 65], [-162, 70], [-140, 70], [-125, 70], [-95, 72], [-80, 73], [-62, 67], [-55, 52], [-66, 45],
    [-70, 42], [-76, 35], [-81, 31], [-80, 25], [-83, 29], [-90, 30], [-97, 27], [-97, 22], [-87, 21],
    [-88, 16], [-83, 15], [-77, 8], [-82, 8], [-86, 12], [-92, 15], [-105, 20], [-110, 24], [-115, 30],
    [-118, 34], [-124, 40], [-124, 48], [-130, 55], [-140, 60], [-152, 59], [-158, 57], [-165, 60],
  ],
  // Greenland
  [[-73, 78], [-60, 82], [-30, 83], [-20, 78], [-22, 70], [-42, 60], [-52, 64], [-58, 75]],
  // South America
  [
    [-77, 8], [-72, 12], [-62, 11], [-52, 5], [-35, -5], [-38, -13], [-41, -22], [-48, -26], [-53, -34],
    [-58, -38], [-65, -42], [-66, -55], [-72, -53], [-74, -45], [-72, -30], [-71, -18], [-76, -14],
    [-81, -5], [-80, 1],
  ],
  // Europe and Asia
  [
    [-10, 36], [-9, 43], [-2, 44], [-5, 48], [2, 51], [8, 54], [12, 55], [10, 58], [5, 62], [15, 69],
    [28, 71], [40, 67], [60, 69], [70, 73], [90, 76], [110, 77], [140, 72], [160, 70], [180, 68],
    [180, 65], [170, 60], [162, 56], [156, 51], [142, 59], [135, 54], [141, 46], [130, 42], [127, 35],
    [122, 40], [118, 38], [122, 30], [117, 23], [108, 21], [106, 10], [100, 13], [103, 1], [98, 8],
    [94, 16], [88, 22], [80, 15], [77, 8], [72, 20], [67, 24], [57, 25], [56, 27], [50, 30], [48, 29],
    [52, 24], [56, 26], [59, 22], [52, 16], [44, 13], [39, 20], [33, 28], [34, 31], [36, 36], [30, 36],
    [27, 37], [26, 40], [22, 37], [20, 40], [14, 45], [12, 44], [16, 40], [15, 38], [12, 41], [8, 44],
    [3, 43], [0, 39], [-6, 36],
  ],
  // Africa
  [
    [-17, 21], [-17, 14], [-12, 7], [-8, 4], [2, 6], [9, 4], [10, -3], [13, -12], [12, -18], [15, -27],
    [18, -35], [25, -34], [32, -28], [35, -24], [40, -16], [40, -10], [39, -4], [43, 0], [51, 12],
    [43, 12], [38, 18], [34, 28], [32, 31], [20, 32], [10, 37], [-1, 36], [-6, 36], [-10, 30], [-13, 27],
  ],
  // Australia
  [
    [114, -22], [114, -34], [118, -35], [123, -34], [131, -31], [138, -35], [141, -38], [146, -39],
    [150, -37], [153, -28], [153, -25], [146, -19], [142, -11], [136, -12], [131, -12], [125, -14],
    [122, -18],
  ],
  // Great Britain, Japan, Borneo, Sumatra, Madagascar, New Zealand
  [[-5, 50], [1, 51], [2, 53], [-2, 56], [-2, 58], [-5, 58], [-6, 55], [-3, 54], [-5, 52]],
  [
    [130, 31], [132, 34], [136, 34], [140, 35], [141, 38], [142, 42], [145, 44], [141, 45], [139, 41],
    [136, 37], [133, 35], [130, 33],
  ],
  [[109, 2], [112, 3], [117, 7], [119, 5], [118, 1], [116, -4], [111, -3]],
  [[95, 5], [98, 4], [104, -2], [106, -6], [102, -4], [96, 2]],
  [[44, -25], [47, -25], [50, -15], [49, -12], [44, -17]],
  [[172, -34], [178, -38], [174, -41], [171, -46], [167, -46], [172, -41]],
  // Antarctica
  [[-180, -90], [-180, -78], [-60, -64], [0, -70], [90, -66], [180, -78], [180, -90]],
];

// Equirectangular: one unit per degree, longitude -180..180 left to right, latitude 90..-90 top to bottom.
const toPoint = ([longitude, latitude]: readonly [number, number]) => `${longitude + 180},${90 - latitude}`;
const LAND_PATHS = LAND.map((shape) => `M${shape.map(toPoint).join('L')}Z`);
const GRATICULE = [-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150];

/** Four decimals: about 11 m, finer than a click can aim. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

export interface WorldMapProps {
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly onPick: (latitude: number, longitude: number) => void;
}

export function WorldMap({ latitude, longitude, onPick }: WorldMapProps) {
  const { t } = useTranslation();
  const pick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
    onPick(round(clamp(90 - y * 180, 90)), round(clamp(x * 360 - 180, 180)));
  };
  const placed = latitude !== null && longitude !== null;
  return (
    <Box
      component="svg"
      viewBox="0 0 360 180"
      role="img"
      aria-label={placed ? t('sites.map.labelPlaced', { latitude, longitude }) : t('sites.map.label')}
      onClick={pick}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        cursor: 'crosshair',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      {GRATICULE.map((longitudeLine) => (
        <line
          key={`lon${longitudeLine}`}
          x1={longitudeLine + 180}
          x2={longitudeLine + 180}
          y1={0}
          y2={180}
          stroke="currentColor"
          strokeOpacity={0.12}
          strokeWidth={0.4}
        />
      ))}
      {GRATICULE.filter((line) => Math.abs(line) < 90).map((latitudeLine) => (
        <line
          key={`lat${latitudeLine}`}
          x1={0}
          x2={360}
          y1={90 - latitudeLine}
          y2={90 - latitudeLine}
          stroke="currentColor"
          strokeOpacity={latitudeLine === 0 ? 0.3 : 0.12}
          strokeWidth={0.4}
        />
      ))}
      {LAND_PATHS.map((path) => (
        <Box component="path" key={path} d={path} sx={{ fill: (theme) => theme.palette.action.disabled }} />
      ))}
      {placed && (
        <Box
          component="circle"
          cx={longitude + 180}
          cy={90 - latitude}
          r={3}
          sx={{ fill: (theme) => theme.palette.error.main, stroke: '#fff', strokeWidth: 1 }}
        />
      )}
    </Box>
  );
}
