// The drawing of a time-series chart (MUI X's line chart, the console's largest library), loaded after the
// page's content by lazy-line-plot.tsx.
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import type { timeFormats } from './time-formats.ts';
import type { ChartMarker, TimeSeries, TimeSeriesPoint } from './time-series-chart.tsx';

const isolated = (values: readonly (number | null)[], index: number) =>
  typeof values[index] === 'number' &&
  typeof values[index - 1] !== 'number' &&
  typeof values[index + 1] !== 'number';

export type LinePlotProps<K extends string> = {
  readonly height: number;
  readonly dataset: Record<string, number | null | Date>[];
  readonly points: readonly TimeSeriesPoint<K>[];
  readonly series: readonly TimeSeries<K>[];
  readonly formats: ReturnType<typeof timeFormats>;
  readonly format: (value: number) => string;
  readonly formatValue: (value: number | null) => string;
  readonly markers?: readonly ChartMarker[];
};

export function LinePlot<K extends string>({
  height,
  dataset,
  points,
  series,
  formats,
  format,
  formatValue,
  markers = [],
}: LinePlotProps<K>) {
  return (
    <LineChart
      height={height}
      dataset={dataset}
      skipAnimation
      hideLegend={series.length < 2}
      margin={{ left: 8, right: 28, top: 8, bottom: 8 }}
      grid={{ horizontal: true }}
      xAxis={[
        {
          dataKey: 'at',
          scaleType: 'time',
          valueFormatter: (value: Date, context) =>
            context.location === 'tick' ? formats.tick(value) : formats.full(value),
          tickNumber: 4,
        },
      ]}
      yAxis={[{ valueFormatter: (value: number) => format(value), width: 72 }]}
      series={series.map(({ key, label, stacked }) => {
        const values = points.map((point) => point[key] ?? null);
        return {
          dataKey: key,
          label,
          // A reading with none beside it draws no line: it gets a mark, or it would not show.
          showMark: ({ index }: { index: number }) => isolated(values, index),
          // Straight between readings: a smoothed curve would invent values between them.
          curve: 'linear' as const,
          connectNulls: false,
          ...(stacked ? { stack: 'parts', area: true } : {}),
          valueFormatter: (value: number | null) => formatValue(value),
        };
      })}
    >
      {markers.map((marker) => (
        <ChartsReferenceLine
          key={`${marker.at}-${marker.label}`}
          x={new Date(marker.at)}
          label={marker.label}
          labelAlign="start"
          lineStyle={{ strokeDasharray: '4 3' }}
        />
      ))}
    </LineChart>
  );
}
