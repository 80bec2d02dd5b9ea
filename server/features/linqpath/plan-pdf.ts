// A saved plan as a PDF (docs/linqpath.md#exporting-a-plan-as-a-pdf): its ends and link settings, the
// distance and azimuths, the budget both ways, the clearance verdict and the path profile, every figure from
// core/linqpath/plan.ts as the page computes it, laid out by pdfmake on a worker thread.
import type { LinqPathEnd, LinqPathPlan } from '../../../core/api/linqpath.ts';
import type { LinkBudget, McsChoice } from '../../../core/linqpath/budget.ts';
import { planResults } from '../../../core/linqpath/plan.ts';
import { RAIN_ZONES } from '../../../core/linqpath/rain.ts';
import { makePdfInWorker, type PdfDocument } from '../../pdf/make-pdf.ts';
import { PROFILE_SVG_COLOURS, PROFILE_SVG_WIDTH, profileSvg } from './profile-svg.ts';

const fixed = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const db = (value: number) => `${fixed(value, 1)} dB`;
const dbm = (value: number) => `${fixed(value, 1)} dBm`;
const mcs = (choice: McsChoice | null) => (choice ? `MCS ${choice.mcs}` : 'No link');
const rate = (choice: McsChoice | null) => (choice ? `${fixed(choice.throughputMbps, 0)} Mbit/s` : '—');

/** A file name part made of what is safe in a header. */
export const planFileName = (name: string) =>
  `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'plan'}.pdf`;

/** The pdfmake document of a plan; the plan's inputs were checked when it was saved. */
export function planPdfDocument(plan: LinqPathPlan, productName: string): PdfDocument {
  const { inputs } = plan;
  const results = planResults(inputs);
  if (typeof results === 'string') throw new Error(`a saved plan has results (${results})`);
  const { a, b } = inputs;
  const endRows = (label: string, pick: (end: LinqPathEnd) => string) => [
    { text: label, bold: true },
    pick(a),
    pick(b),
  ];
  const budgetRow = (label: string, value: (budget: LinkBudget) => string) => [
    { text: label, bold: true },
    { text: value(results.aToB), alignment: 'right' },
    { text: value(results.bToA), alignment: 'right' },
  ];
  const { profile } = results;
  // The page's words (linqpath.profile.clear and .blocked in locales/en.json).
  const at = `${fixed(profile.worstAtM / 1000, 2)} km`;
  const gap = `${fixed(profile.worstGapM, 1)} m`;
  const clearance = profile.clear
    ? `60 % of the first Fresnel zone is clear along the path: at its closest, ${at} from end A, the line of sight passes ${gap} above the ground.`
    : `Less than 60 % of the first Fresnel zone is clear: ${at} from end A the line of sight passes ${gap} above the ground, ${fixed(profile.worstClearance * 100, 0)} % of the zone's radius. Raise an antenna or move an end.`;
  const legend = [
    ['Terrain with earth bulge (k = 4/3)', PROFILE_SVG_COLOURS.ground],
    ['Line of sight', PROFILE_SVG_COLOURS.lineOfSight],
    ['First Fresnel zone', PROFILE_SVG_COLOURS.fresnel],
    ['60 % of the Fresnel zone', PROFILE_SVG_COLOURS.clearance],
  ] as const;
  return {
    info: { title: plan.name, creator: productName, producer: productName },
    pageSize: 'A4',
    pageMargins: [40, 56, 40, 40],
    defaultStyle: { fontSize: 9 },
    header: { text: productName, margin: [40, 20, 40, 0], fontSize: 9, color: '#616161' },
    content: [
      { text: plan.name, fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      {
        text: `${inputs.kind === 'ptp' ? 'Point-to-point' : 'Point-to-multipoint'} link plan · ${a.label} to ${b.label}`,
        color: '#424242',
        margin: [0, 0, 0, 12],
      },
      { text: 'Ends', fontSize: 12, bold: true, margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', '*', '*'],
          body: [
            ['', { text: 'End A', bold: true }, { text: 'End B', bold: true }],
            endRows('Name', (end) => end.label),
            endRows('Latitude, longitude', (end) => `${fixed(end.latitude, 6)}, ${fixed(end.longitude, 6)}`),
            endRows('Antenna height', (end) => `${fixed(end.height_m, 1)} m`),
            [
              { text: 'Radio model', bold: true },
              `${results.modelA.name} (${results.modelA.sku})`,
              `${results.modelB.name} (${results.modelB.sku})`,
            ],
            endRows('Cable loss', (end) => db(end.cable_loss_db)),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      { text: 'Link', fontSize: 12, bold: true, margin: [0, 0, 0, 4] },
      {
        table: {
          widths: ['*', '*'],
          body: [
            ['Distance', `${fixed(results.distanceKm, 3)} km`],
            ['Frequency', `${fixed(results.aToB.frequencyGhz, 2)} GHz`],
            [`Azimuth from ${a.label} to ${b.label}`, `${fixed(results.azimuthAB, 1)}°`],
            [`Azimuth from ${b.label} to ${a.label}`, `${fixed(results.azimuthBA, 1)}°`],
            ['Rain zone', `${inputs.rain_zone} (${RAIN_ZONES[inputs.rain_zone]} mm/h)`],
            ['Target availability', `${inputs.availability_percent} %`],
            ['Polarisation', inputs.polarization === 'horizontal' ? 'Horizontal' : 'Vertical'],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      { text: 'Link budget', fontSize: 12, bold: true, margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto'],
          body: [
            [
              { text: 'Figure', bold: true },
              { text: `${a.label} to ${b.label}`, bold: true, alignment: 'right' },
              { text: `${b.label} to ${a.label}`, bold: true, alignment: 'right' },
            ],
            budgetRow('EIRP', (x) => dbm(x.eirpDbm)),
            budgetRow('Free-space path loss', (x) => db(x.fsplDb)),
            budgetRow('Oxygen and water vapour', (x) => db(x.gasDb)),
            budgetRow('Received level (clear air)', (x) => dbm(x.receivedDbm)),
            budgetRow('Noise floor', (x) => dbm(x.noiseFloorDbm)),
            budgetRow('SNR', (x) => db(x.snrDb)),
            budgetRow('Fade margin', (x) => db(x.fadeMarginDb)),
            budgetRow('Rain fade at the target', (x) => db(x.rainFadeDb)),
            budgetRow('Target availability', (x) => (x.meetsAvailability ? 'Met' : 'Not met')),
            budgetRow('Modulation (clear air)', (x) => mcs(x.clearAir)),
            budgetRow('Throughput (clear air)', (x) => rate(x.clearAir)),
            budgetRow('Modulation (through the rain fade)', (x) => mcs(x.atAvailability)),
            budgetRow('Throughput (through the rain fade)', (x) => rate(x.atAvailability)),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      { text: 'Path profile', fontSize: 12, bold: true, margin: [0, 0, 0, 4], pageBreak: 'before' },
      { text: clearance, bold: true, margin: [0, 0, 0, 4] },
      profile.flatEarth
        ? {
            text: "No terrain given: the profile stands on flat earth at sea level, curved by the earth's bulge (k = 4/3).",
            margin: [0, 0, 0, 8],
          }
        : { text: `Terrain: ${inputs.terrain.length} samples given with the plan.`, margin: [0, 0, 0, 8] },
      { svg: profileSvg(profile), width: PROFILE_SVG_WIDTH },
      {
        margin: [0, 8, 0, 0],
        ul: legend.map(([text, color]) => ({ text, color })),
      },
      {
        text: `Saved ${plan.updated_at.slice(0, 10)}${plan.created_by ? ` · by ${plan.created_by}` : ''}. Radio figures are nominal values; propagation per ITU-R P.525, P.530, P.676, P.837 and P.838.`,
        color: '#616161',
        fontSize: 8,
        margin: [0, 16, 0, 0],
      },
    ],
  };
}

export const planPdfInWorker = (plan: LinqPathPlan, productName: string) =>
  makePdfInWorker(planPdfDocument(plan, productName));
