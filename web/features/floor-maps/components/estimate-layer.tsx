// The signal estimate drawn over the plan, under the devices (docs/floor-maps.md#signal-estimate).
import Box from '@mui/material/Box';
import { type EstimateCell, estimateColour } from './signal-estimate.ts';

export function EstimateLayer({ cells }: { readonly cells: readonly EstimateCell[] }) {
  return (
    <Box
      component="svg"
      aria-hidden="true"
      data-signal-estimate=""
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        pointerEvents: 'none',
        opacity: 0.4,
      }}
    >
      {cells.map((cell) => (
        <rect
          key={`${cell.x}:${cell.y}`}
          x={cell.x}
          y={cell.y}
          // A hair wider than the cell, so no seam shows between cells.
          width={cell.width * 1.02}
          height={cell.height * 1.02}
          fill={estimateColour(cell.rssi)}
        />
      ))}
    </Box>
  );
}
