// A report's charts (docs/reports.md#formats): bar charts drawn as SVG on the server from a report's
// aggregates (counts per status, site, type and the like), never from its rows, and placed in the PDF above
// its tables.

export type ChartBar = { label: string; value: number };

export type ReportChart = {
  title: string;
  /** Written after each value, e.g. "%" or "MB"; empty for a count. */
  unit: string;
  bars: ChartBar[];
  /** The value a full-width bar stands for; the largest bar's by default (100 for a percentage). */
  max?: number;
};

/** Bars a chart draws at most; a longer list keeps the first ones, which its builder ordered. */
export const CHART_BARS_MAX = 20;
/** The width of the PDF's text block on A4 with the report's margins, in points. */
export const CHART_WIDTH = 523;

const LABEL_WIDTH = 150;
const VALUE_WIDTH = 70;
const TITLE_HEIGHT = 18;
const BAR_PITCH = 15;
const BAR_HEIGHT = 10;
const LABEL_CHARS = 30;
const FONT = 'font-family="Roboto" font-size="8"';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A label cut to fit beside its bar. */
const fitted = (label: string) =>
  label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1).trimEnd()}…` : label;

/** A value as the chart writes it: whole numbers as they are, others to two decimals. */
export const chartValue = (value: number, unit: string) => {
  const shown = Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  return unit ? `${shown} ${unit}` : shown;
};

/** A chart worth drawing: at least one bar, not all of them zero. */
export const hasBars = (chart: ReportChart) => chart.bars.some((bar) => bar.value > 0);

/** The first `CHART_BARS_MAX` of a list of bars, and whether some were left out. */
export function firstBars(bars: ChartBar[]): { bars: ChartBar[]; cut: boolean } {
  return { bars: bars.slice(0, CHART_BARS_MAX), cut: bars.length > CHART_BARS_MAX };
}

/**
 * A horizontal bar chart as an SVG drawing `width` points wide: the title on top, then a row per bar with
 * its label on the left, the bar scaled to the chart's maximum, and its value after the bar.
 */
export function barChartSvg(chart: ReportChart, width = CHART_WIDTH): string {
  const bars = chart.bars.slice(0, CHART_BARS_MAX);
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  const max = chart.max ?? largest;
  const room = width - LABEL_WIDTH - VALUE_WIDTH;
  const height = TITLE_HEIGHT + bars.length * BAR_PITCH + 4;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<text x="0" y="11" font-family="Roboto" font-size="10" font-weight="bold" fill="#212121">${escapeXml(chart.title)}</text>`,
  ];
  bars.forEach((bar, i) => {
    const top = TITLE_HEIGHT + i * BAR_PITCH;
    const length = max > 0 ? Math.round((Math.max(0, Math.min(bar.value, max)) / max) * room * 10) / 10 : 0;
    parts.push(
      `<text x="${LABEL_WIDTH - 6}" y="${top + 8}" text-anchor="end" ${FONT} fill="#424242">${escapeXml(fitted(bar.label))}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${top}" width="${length}" height="${BAR_HEIGHT}" fill="#1976d2"/>`,
      `<text x="${LABEL_WIDTH + length + 4}" y="${top + 8}" ${FONT} fill="#424242">${escapeXml(chartValue(bar.value, chart.unit))}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
