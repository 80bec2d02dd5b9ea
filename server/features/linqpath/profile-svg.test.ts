// @vitest-environment node
// The path profile drawn for a plan's PDF (docs/linqpath.md#exporting-a-plan-as-a-pdf).
import { describe, expect, it } from 'vitest';
import { pathProfile } from '../../../core/linqpath/profile.ts';
import { PROFILE_SVG_COLOURS, profileSvg } from './profile-svg.ts';

const pointsOf = (svg: string, colour: string, tag: 'polyline' | 'polygon') => {
  const match = new RegExp(`<${tag} points="([^"]+)"[^>]*stroke="${colour}"`).exec(svg);
  if (!match?.[1]) throw new Error(`no ${tag} in ${colour}`);
  return match[1].split(' ').map((pair) => pair.split(',').map(Number) as [number, number]);
};

describe('profileSvg', () => {
  const profile = pathProfile({
    distanceKm: 10,
    frequencyGhz: 5.8,
    heightAM: 60,
    heightBM: 60,
    terrain: [
      { distanceM: 0, heightM: 100 },
      { distanceM: 5000, heightM: 120 },
      { distanceM: 10000, heightM: 100 },
    ],
  });
  const svg = profileSvg(profile);

  it('draws the ground, the line of sight, the Fresnel zone and its 60 % over the whole path', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const ground = pointsOf(svg, PROFILE_SVG_COLOURS.ground, 'polygon');
    const sight = pointsOf(svg, PROFILE_SVG_COLOURS.lineOfSight, 'polyline');
    const fresnel = pointsOf(svg, PROFILE_SVG_COLOURS.fresnel, 'polyline');
    const clearance = pointsOf(svg, PROFILE_SVG_COLOURS.clearance, 'polyline');
    expect(sight).toHaveLength(101);
    expect(fresnel).toHaveLength(101);
    // The ground is closed along the bottom of the chart: two more corners.
    expect(ground).toHaveLength(103);
    // From the left edge to the right edge of the plot, at the same x for every line.
    expect(sight[0]?.[0]).toBe(48);
    expect(sight[100]?.[0]).toBe(492);
    // SVG's y grows downwards: mid-path the line of sight is above the 60 % edge, above the Fresnel edge,
    // and the ground (120 m plus 5.9 m bulge at k = 4/3) is below them.
    const [, sightY] = sight[50] as [number, number];
    const [, clearY] = clearance[50] as [number, number];
    const [, fresnelY] = fresnel[50] as [number, number];
    const [, groundY] = ground[51] as [number, number];
    expect(sightY).toBeLessThan(clearY);
    expect(clearY).toBeLessThan(fresnelY);
    expect(fresnelY).toBeLessThan(groundY);
  });

  it('labels the axes in metres above sea level and kilometres from end A', () => {
    expect(svg).toContain('>0 km</text>');
    expect(svg).toContain('>10 km</text>');
    expect(svg).toMatch(/>1[0-9]0 m<\/text>/);
  });

  it('draws a short path over flat earth', () => {
    const flat = profileSvg(
      pathProfile({ distanceKm: 0.55, frequencyGhz: 60.48, heightAM: 12, heightBM: 12, terrain: [] }),
    );
    expect(pointsOf(flat, PROFILE_SVG_COLOURS.lineOfSight, 'polyline')).toHaveLength(101);
    expect(flat).not.toContain('NaN');
    expect(flat).toContain('>0.4 km</text>');
  });
});
