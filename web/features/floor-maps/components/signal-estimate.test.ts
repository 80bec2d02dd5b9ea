// docs/floor-maps.md#signal-estimate: the estimate's model and its grid.
import { describe, expect, it } from 'vitest';
import { estimateCells, estimateColour, estimateRssi, metresPerPixel } from './signal-estimate.ts';

describe('signal estimate', () => {
  it('loses free-space and wall loss with distance at 5 GHz', () => {
    // 23 dBm less 46.4 dB of free space at 1 m and 0.5 dB of walls.
    expect(estimateRssi(1)).toBeCloseTo(-23.9, 1);
    expect(estimateRssi(0.2)).toBe(estimateRssi(1));
    expect(estimateRssi(10)).toBeCloseTo(-48.4, 1);
    expect(estimateRssi(30)).toBeCloseTo(-68.0, 1);
  });

  it('reads metres per pixel from the two marked points', () => {
    const scale = { x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5, metres: 40 };
    expect(metresPerPixel(scale, { width: 1000, height: 500 })).toBeCloseTo(0.05);
  });

  it('gives each cell the strongest access point, over a grid of the plan’s shape', () => {
    const cells = estimateCells(
      [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ],
      { width: 1000, height: 500 },
      0.05,
    );
    expect(cells).toHaveLength(40 * 20);
    const first = cells[0];
    const last = cells.at(-1);
    const middle = cells[10 * 40 + 20];
    expect(first?.rssi).toBeCloseTo(last?.rssi ?? 0, 5);
    expect(middle?.rssi).toBeLessThan(first?.rssi ?? 0);
    expect(estimateCells([], { width: 10, height: 10 }, 1)).toEqual([]);
  });

  it('colours strong signal green and weak red', () => {
    expect(estimateColour(-40)).toBe('hsl(120, 85%, 45%)');
    expect(estimateColour(-65)).toBe('hsl(60, 85%, 45%)');
    expect(estimateColour(-95)).toBe('hsl(0, 85%, 45%)');
  });
});
