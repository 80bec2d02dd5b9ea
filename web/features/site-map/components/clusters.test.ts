// Grid clustering of the site map (docs/site-map.md#markers).
import { describe, expect, it } from 'vitest';
import { clusterByCell } from './clusters.ts';

describe('clusterByCell', () => {
  it('groups points of one cell and keeps points of other cells apart', () => {
    const points = [
      { item: 'a', x: 5, y: 5 },
      { item: 'b', x: 40, y: 30 },
      { item: 'c', x: 60, y: 5 },
      { item: 'd', x: 5, y: 100 },
    ];
    expect(clusterByCell(points, 48)).toEqual([['a', 'b'], ['c'], ['d']]);
  });
});
