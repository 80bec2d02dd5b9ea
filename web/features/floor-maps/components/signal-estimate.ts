// The signal estimate of docs/floor-maps.md#signal-estimate: free-space path loss plus a loss per metre for
// walls, from each placed access point, over a coarse grid of the plan. An estimate, not a survey.
import type { FloorScale } from '../../../../core/api/floor-maps.ts';
import type { Point } from './plan-view.tsx';

/** What an access point sends, with its antenna's gain (dBm). */
export const ESTIMATE_EIRP_DBM = 23;
/** The band the estimate is drawn for. */
export const ESTIMATE_BAND_GHZ = 5;
/** Walls and furniture of an office, spread over the distance (dB per metre). */
export const ESTIMATE_WALL_DB_PER_M = 0.5;
/** Columns of the grid; its rows follow the plan's shape. */
export const ESTIMATE_COLUMNS = 40;
/** The strongest and weakest signal the colours run between (dBm). */
export const ESTIMATE_STRONG_DBM = -50;
export const ESTIMATE_WEAK_DBM = -80;

/** The signal at `metres` from an access point: free-space loss (at 1 m at least) and the walls' loss. */
export function estimateRssi(metres: number, bandGhz = ESTIMATE_BAND_GHZ): number {
  const d = Math.max(1, metres);
  const freeSpace = 20 * Math.log10(d) + 20 * Math.log10(bandGhz * 1000) - 27.55;
  return ESTIMATE_EIRP_DBM - freeSpace - ESTIMATE_WALL_DB_PER_M * d;
}

/** Metres per pixel of the plan, from its scale and its size in pixels. */
export function metresPerPixel(scale: FloorScale, size: { width: number; height: number }): number | null {
  const pixels = Math.hypot((scale.x2 - scale.x1) * size.width, (scale.y2 - scale.y1) * size.height);
  return pixels > 0 ? scale.metres / pixels : null;
}

export type EstimateCell = { x: number; y: number; width: number; height: number; rssi: number };

/** The grid over the plan, each cell with the strongest signal any access point gives at its centre. */
export function estimateCells(
  accessPoints: readonly Point[],
  size: { width: number; height: number },
  metresPerPx: number,
): EstimateCell[] {
  if (accessPoints.length === 0) return [];
  const columns = ESTIMATE_COLUMNS;
  const rows = Math.max(1, Math.round((columns * size.height) / size.width));
  const cells: EstimateCell[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const x = (column + 0.5) / columns;
      const y = (row + 0.5) / rows;
      let best = Number.NEGATIVE_INFINITY;
      for (const ap of accessPoints) {
        const metres = Math.hypot((x - ap.x) * size.width, (y - ap.y) * size.height) * metresPerPx;
        best = Math.max(best, estimateRssi(metres));
      }
      cells.push({ x: column / columns, y: row / rows, width: 1 / columns, height: 1 / rows, rssi: best });
    }
  }
  return cells;
}

/** Green at the strong end, through yellow, to red at the weak end and beyond. */
export function estimateColour(rssi: number): string {
  const share = Math.min(
    1,
    Math.max(0, (ESTIMATE_STRONG_DBM - rssi) / (ESTIMATE_STRONG_DBM - ESTIMATE_WEAK_DBM)),
  );
  const hue = Math.round(120 * (1 - share));
  return `hsl(${hue}, 85%, 45%)`;
}
