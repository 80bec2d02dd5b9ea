// A line chart of values over time, with its data as a table for those who cannot read the chart: a
// screen reader, a keyboard, or anyone who needs the exact numbers. Gaps where a value is missing.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartDataTable } from './chart-data-table.tsx';
import { LinePlot } from './lazy-line-plot.tsx';
import { timeFormats } from './time-formats.ts';

/** A point of the chart: its time, and a value (null: none known) for each series key. */
export type TimeSeriesPoint<K extends string = string> = { readonly at: string } & {
  readonly [key in K]?: number | null;
};
export type TimeSeries<K extends string = string> = {
  readonly key: K;
  readonly label: string;
  /** Drawn as an area on top of the other stacked series: parts of a whole (each port's PoE draw). */
  readonly stacked?: boolean;
};
/** A moment marked across the chart with a label (a gateway's failover). */
export type ChartMarker = { readonly at: string; readonly label: string };

const DEFAULT_HEIGHT = 240;

export function TimeSeriesChart<K extends string>({
  title,
  points,
  series,
  format,
  height = DEFAULT_HEIGHT,
  timeZone,
  markers = [],
}: {
  readonly title: string;
  readonly points: readonly TimeSeriesPoint<K>[];
  readonly series: readonly TimeSeries<K>[];
  readonly format: (value: number) => string;
  readonly height?: number;
  /** The user's time zone (docs/entities.md User timezone); the browser's when not given. */
  readonly timeZone?: string;
  /** Moments marked on the drawing; the page lists them in words too. */
  readonly markers?: readonly ChartMarker[];
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const tableId = useId();
  const descriptionId = useId();
  const [showTable, setShowTable] = useState(false);
  const formats = useMemo(
    () => timeFormats(points, i18n.language, timeZone),
    [points, i18n.language, timeZone],
  );
  const dataset = useMemo(
    () =>
      points.map((point) => {
        const row: Record<string, number | null | Date> = { at: new Date(point.at) };
        for (const { key } of series) row[key] = point[key] ?? null;
        return row;
      }),
    [points, series],
  );
  const empty = !points.some((point) => series.some(({ key }) => typeof point[key] === 'number'));
  const formatValue = (value: number | null) => (value === null ? t('charts.table.noValue') : format(value));
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {empty ? (
        <Box
          sx={{
            minHeight: height / 2,
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
            textAlign: 'center',
          }}
        >
          <Typography variant="body2">{t('charts.chart.empty')}</Typography>
        </Box>
      ) : (
        <>
          {/* The drawing is one image to assistive technology: its title names it, the table tells it. */}
          <Box role="img" aria-labelledby={titleId} aria-describedby={descriptionId} sx={{ minWidth: 0 }}>
            <Box component="span" id={descriptionId} hidden>
              {t('charts.chart.description')}
            </Box>
            <LinePlot
              height={height}
              dataset={dataset}
              points={points}
              series={series}
              formats={formats}
              format={format}
              formatValue={formatValue}
              markers={markers}
            />
          </Box>
          <Box>
            <Button
              size="small"
              aria-expanded={showTable}
              aria-controls={showTable ? tableId : undefined}
              aria-describedby={titleId}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {showTable ? t('charts.table.hide') : t('charts.table.show')}
            </Button>
          </Box>
          {showTable && (
            <ChartDataTable
              id={tableId}
              caption={title}
              points={points}
              series={series}
              formatTime={formats.full}
              formatValue={formatValue}
            />
          )}
        </>
      )}
    </Paper>
  );
}
