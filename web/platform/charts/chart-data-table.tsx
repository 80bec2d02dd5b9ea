// The plotted values of a chart as a table: its accessible text alternative.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { TimeSeries, TimeSeriesPoint } from './time-series-chart.tsx';

export function ChartDataTable<K extends string>({
  id,
  caption,
  points,
  series,
  formatTime,
  formatValue,
}: {
  readonly id: string;
  readonly caption: string;
  readonly points: readonly TimeSeriesPoint<K>[];
  readonly series: readonly TimeSeries<K>[];
  readonly formatTime: (at: Date) => string;
  readonly formatValue: (value: number | null) => string;
}) {
  const { t } = useTranslation();
  return (
    // A scrolling region a keyboard can reach, so every row can be read at 375 px too.
    <Box
      id={id}
      role="region"
      aria-label={t('charts.table.region', { title: caption })}
      tabIndex={0}
      sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader>
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('charts.table.time')}
            </TableCell>
            {series.map(({ key, label }) => (
              <TableCell key={key} component="th" scope="col" align="right">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {points.map((point) => (
            <TableRow key={point.at}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={point.at}>{formatTime(new Date(point.at))}</time>
              </TableCell>
              {series.map(({ key }) => (
                <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatValue(point[key] ?? null)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
