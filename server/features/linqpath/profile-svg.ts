// The path profile of a plan's PDF as a vector drawing (docs/linqpath.md#exporting-a-plan-as-a-pdf): the
// terrain raised by the earth's bulge, the line of sight, the lower edges of the first Fresnel zone and of its
// 60 %, with the height and distance axes. A pure function of the profile core/linqpath/profile.ts computes.
import type { PathProfile } from '../../../core/linqpath/profile.ts';

export const PROFILE_SVG_WIDTH = 500;
export const PROFILE_SVG_HEIGHT = 240;
const LEFT = 48;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 28;

/** The colours of the page's chart (web/features/linqpath/components/profile-plot.tsx). */
export const PROFILE_SVG_COLOURS = {
  ground: '#8d6e63',
  lineOfSight: '#1565c0',
  fresnel: '#ef6c00',
  clearance: '#c62828',
} as const;

/** Whole numbers, or one decimal place: what a drawing needs. */
const n = (value: number) => (Math.round(value * 10) / 10).toString();

/** A tick step of 1, 2 or 5 times a power of ten giving about `count` ticks over the span. */
function tickStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

export function profileSvg(profile: PathProfile): string {
  const { points } = profile;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) throw new Error('a profile has points');
  const totalM = last.distanceM;
  const heights = points.flatMap((p) => [p.groundM, p.terrainM, p.lineOfSightM, p.fresnelLowerM]);
  const step = tickStep(Math.max(1, Math.max(...heights) - Math.min(...heights)), 4);
  const low = Math.floor(Math.min(...heights) / step) * step;
  const high = Math.ceil(Math.max(...heights) / step) * step || step;
  const plotW = PROFILE_SVG_WIDTH - LEFT - RIGHT;
  const plotH = PROFILE_SVG_HEIGHT - TOP - BOTTOM;
  const x = (distanceM: number) => LEFT + (totalM === 0 ? 0 : (distanceM / totalM) * plotW);
  const y = (heightM: number) => TOP + plotH - ((heightM - low) / (high - low)) * plotH;
  const line = (value: (p: PathProfile['points'][number]) => number) =>
    points.map((p) => `${n(x(p.distanceM))},${n(y(value(p)))}`).join(' ');
  const base = n(y(low));
  const ground = `${n(x(0))},${base} ${line((p) => p.groundM)} ${n(x(totalM))},${base}`;

  const parts: string[] = [];
  for (let i = 0; low + i * step <= high + step / 2; i++) {
    const h = low + i * step;
    parts.push(
      `<line x1="${LEFT}" y1="${n(y(h))}" x2="${PROFILE_SVG_WIDTH - RIGHT}" y2="${n(y(h))}" stroke="#e0e0e0" stroke-width="0.5"/>`,
      `<text x="${LEFT - 4}" y="${n(y(h) + 3)}" font-size="8" text-anchor="end" fill="#424242">${n(h)} m</text>`,
    );
  }
  const kmStep = tickStep(Math.max(totalM / 1000, 0.001), 5);
  for (let i = 0; i * kmStep <= totalM / 1000 + 1e-9; i++) {
    const km = i * kmStep;
    const at = km * 1000;
    parts.push(
      `<text x="${n(x(at))}" y="${PROFILE_SVG_HEIGHT - BOTTOM + 12}" font-size="8" text-anchor="middle" fill="#424242">${Number(km.toFixed(3))} km</text>`,
    );
  }
  parts.push(
    `<polygon points="${ground}" fill="${PROFILE_SVG_COLOURS.ground}" fill-opacity="0.35" stroke="${PROFILE_SVG_COLOURS.ground}" stroke-width="1"/>`,
    `<polyline points="${line((p) => p.fresnelLowerM)}" fill="none" stroke="${PROFILE_SVG_COLOURS.fresnel}" stroke-width="1" stroke-dasharray="4 2"/>`,
    `<polyline points="${line((p) => p.clearanceLowerM)}" fill="none" stroke="${PROFILE_SVG_COLOURS.clearance}" stroke-width="1" stroke-dasharray="2 2"/>`,
    `<polyline points="${line((p) => p.lineOfSightM)}" fill="none" stroke="${PROFILE_SVG_COLOURS.lineOfSight}" stroke-width="1.5"/>`,
    `<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${TOP + plotH}" stroke="#616161" stroke-width="0.75"/>`,
    `<line x1="${LEFT}" y1="${TOP + plotH}" x2="${PROFILE_SVG_WIDTH - RIGHT}" y2="${TOP + plotH}" stroke="#616161" stroke-width="0.75"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PROFILE_SVG_WIDTH}" height="${PROFILE_SVG_HEIGHT}" viewBox="0 0 ${PROFILE_SVG_WIDTH} ${PROFILE_SVG_HEIGHT}">${parts.join('')}</svg>`;
}
