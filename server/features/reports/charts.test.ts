// @vitest-environment node
// A report's bar charts as SVG (docs/reports.md#formats): bars scaled to the largest or to a fixed maximum,
// labels and values written beside them, text escaped, long lists cut.
import { describe, expect, it } from 'vitest';
import { barChartSvg, CHART_BARS_MAX, chartValue, firstBars, hasBars } from './charts.ts';

/** Each bar's label, length and value as the drawing has them. */
function barsOf(svg: string) {
  const labels = [...svg.matchAll(/<text[^>]*text-anchor="end"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
  const values = [
    ...svg.matchAll(/<text (?![^>]*text-anchor)(?![^>]*font-weight)[^>]*>([^<]*)<\/text>/g),
  ].map((m) => m[1]);
  return labels.map((label, i) => ({ label, width: widths[i], value: values[i] }));
}

describe('bar charts', () => {
  it('draws a bar per value, scaled to the largest, with its label and value', () => {
    const svg = barChartSvg(
      {
        title: 'Devices by status',
        unit: '',
        bars: [
          { label: 'Online', value: 6 },
          { label: 'Offline', value: 3 },
        ],
      },
      520,
    );
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="520" height="52" viewBox="0 0 520 52">/,
    );
    expect(svg).toContain('>Devices by status</text>');
    // 520 points less the labels' 150 and the values' 70 leave 300 for the longest bar.
    expect(barsOf(svg)).toEqual([
      { label: 'Online', width: 300, value: '6' },
      { label: 'Offline', width: 150, value: '3' },
    ]);
  });

  it('scales a percentage to its fixed maximum and writes the unit', () => {
    const svg = barChartSvg(
      {
        title: 'Uptime per site',
        unit: '%',
        max: 100,
        bars: [
          { label: 'North', value: 97.5 },
          { label: 'South', value: 100 },
        ],
      },
      520,
    );
    expect(barsOf(svg)).toEqual([
      { label: 'North', width: 292.5, value: '97.5 %' },
      { label: 'South', width: 300, value: '100 %' },
    ]);
  });

  it('escapes text and cuts long labels', () => {
    const svg = barChartSvg({
      title: 'Alerts <by> "type"',
      unit: '',
      bars: [{ label: 'R&D building, the whole east wing and its roof', value: 1 }],
    });
    expect(svg).toContain('>Alerts &lt;by&gt; &quot;type&quot;</text>');
    expect(barsOf(svg)[0]?.label).toBe('R&amp;D building, the whole east…');
  });

  it('draws empty bars when every value is zero, and at most CHART_BARS_MAX bars', () => {
    expect(barsOf(barChartSvg({ title: 'None', unit: '', bars: [{ label: 'A', value: 0 }] }))).toEqual([
      { label: 'A', width: 0, value: '0' },
    ]);
    const many = Array.from({ length: CHART_BARS_MAX + 5 }, (_, i) => ({ label: `Site ${i}`, value: i }));
    expect(barsOf(barChartSvg({ title: 'Many', unit: '', bars: many }))).toHaveLength(CHART_BARS_MAX);
    expect(firstBars(many)).toMatchObject({ cut: true, bars: many.slice(0, CHART_BARS_MAX) });
    expect(firstBars(many.slice(0, 3))).toMatchObject({ cut: false });
  });

  it('tells charts worth drawing and writes values to two decimals', () => {
    expect(hasBars({ title: 'x', unit: '', bars: [] })).toBe(false);
    expect(hasBars({ title: 'x', unit: '', bars: [{ label: 'a', value: 0 }] })).toBe(false);
    expect(hasBars({ title: 'x', unit: '', bars: [{ label: 'a', value: 0.1 }] })).toBe(true);
    expect(chartValue(12.3456, 'MB')).toBe('12.35 MB');
    expect(chartValue(4, '')).toBe('4');
  });
});
