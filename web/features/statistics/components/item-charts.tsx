// The per-item charts of a device's Statistics pages (docs/telemetry.md#per-item-series): an access point's
// radios and SSIDs, a switch's ports with their PoE draw against the budget, a gateway's WAN ports with
// their failovers marked and listed. Each chart has its data table.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type {
  DeviceItemMetricsResponse,
  ItemSeries,
  ItemSeriesFamily,
  ItemSeriesField,
} from '../../../../core/api/item-metrics.ts';
import type { MetricPoint } from '../../../../core/api/metrics.ts';
import { useTimeRange } from '../../../platform/charts/time-range-picker.tsx';
import {
  type ChartMarker,
  TimeSeriesChart,
  type TimeSeriesPoint,
} from '../../../platform/charts/time-series-chart.tsx';
import { formatDateTime } from '../../../platform/date-time.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { formatBitRate, formatNumber, formatPercent, formatWatts } from '../../../platform/units.ts';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useUnitContext } from '../../account/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useDeviceItemMetrics } from '../api/get-device-item-metrics.ts';
import type { StatisticsRouteKey } from './statistics-frame.tsx';

type Points = TimeSeriesPoint<string>[];
type Line = { readonly key: string; readonly label: string; readonly stacked?: boolean };

/** One chart's points: for each time, each line's value worked out from the items. */
function pointsOf(
  at: readonly string[],
  lines: readonly { key: string; value: (index: number) => number | null }[],
): Points {
  return at.map((time, index) => {
    const point: Record<string, number | null | string> = { at: time };
    for (const line of lines) point[line.key] = line.value(index);
    return point as TimeSeriesPoint<string>;
  });
}

const valueAt = (item: ItemSeries, field: ItemSeriesField, index: number) => item[field]?.[index] ?? null;
/** Received and sent together: what the item carried. */
const throughputAt = (item: ItemSeries, index: number) => {
  const rx = valueAt(item, 'rx_rate', index);
  const tx = valueAt(item, 'tx_rate', index);
  return rx === null && tx === null ? null : (rx ?? 0) + (tx ?? 0);
};
const reports = (items: readonly ItemSeries[], field: ItemSeriesField) =>
  items.some((item) => item[field]?.some((value) => value !== null));

/** A chart with one line per item: `value` reads the item's number at a time. */
function perItem(
  at: readonly string[],
  items: readonly ItemSeries[],
  label: (item: ItemSeries) => string,
  value: (item: ItemSeries, index: number) => number | null,
): { points: Points; series: Line[] } {
  const series = items.map((item, n) => ({ key: `i${n}`, label: label(item) }));
  const points = pointsOf(
    at,
    items.map((item, n) => ({ key: `i${n}`, value: (index: number) => value(item, index) })),
  );
  return { points, series };
}

const BAND_LABELS: Record<string, string> = {
  '2.4': 'statistics.band.ghz24',
  '5': 'statistics.band.ghz5',
  '6': 'statistics.band.ghz6',
  '60': 'statistics.band.ghz60',
};

export function ItemCharts({
  routeKey,
  families,
  points,
}: {
  readonly routeKey: StatisticsRouteKey;
  /** The families this page draws. */
  readonly families: readonly Exclude<ItemSeriesFamily, 'camera' | 'storage'>[];
  /** The device's own series of the range (a switch's PoE budget). */
  readonly points: readonly MetricPoint[];
}) {
  const { t } = useTranslation();
  const { deviceId } = useRouteParams(routeKey);
  const objects = usePageObjects(useLocation().pathname);
  const [range] = useTimeRange();
  const metrics = useDeviceItemMetrics(objects.cloudId, deviceId, range);
  if (metrics.isError && !metrics.data) {
    return (
      <Box sx={{ gridColumn: '1 / -1' }}>
        <LoadFailed message={t('statistics.items.loadFailed')} onRetry={() => metrics.refetch()} />
      </Box>
    );
  }
  const data = metrics.data;
  if (!data) return null;
  return (
    <>
      {families.includes('radio') && <RadioCharts data={data} />}
      {families.includes('ssid') && <SsidCharts data={data} />}
      {families.includes('port') && <PortCharts data={data} points={points} />}
      {families.includes('wan') && <WanCharts data={data} />}
    </>
  );
}

function RadioCharts({ data }: { readonly data: DeviceItemMetricsResponse }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const label = (item: ItemSeries) => {
    const key = BAND_LABELS[item.key];
    return key ? t(key as 'statistics.band.ghz5') : item.key;
  };
  const throughput = perItem(data.at, data.radio, label, throughputAt);
  const retries = perItem(data.at, data.radio, label, (item, index) => valueAt(item, 'retries', index));
  if (data.radio.length === 0) return null;
  return (
    <>
      <TimeSeriesChart
        title={t('statistics.items.radioThroughput')}
        {...throughput}
        format={(value) => formatBitRate(value, units)}
        timeZone={units.timeZone}
      />
      {reports(data.radio, 'retries') && (
        <TimeSeriesChart
          title={t('statistics.items.radioRetries')}
          {...retries}
          format={(value) => formatPercent(value, units)}
          timeZone={units.timeZone}
        />
      )}
    </>
  );
}

function SsidCharts({ data }: { readonly data: DeviceItemMetricsResponse }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const throughput = useMemo(() => perItem(data.at, data.ssid, (item) => item.key, throughputAt), [data]);
  const clients = useMemo(
    () =>
      perItem(
        data.at,
        data.ssid,
        (item) => item.key,
        (item, index) => valueAt(item, 'clients', index),
      ),
    [data],
  );
  if (data.ssid.length === 0) return null;
  return (
    <>
      <TimeSeriesChart
        title={t('statistics.items.ssidThroughput')}
        {...throughput}
        format={(value) => formatBitRate(value, units)}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('statistics.items.ssidClients')}
        {...clients}
        format={(value) => formatNumber(value, units, 1)}
        timeZone={units.timeZone}
      />
    </>
  );
}

/** The port that carried the most in the range: the one an operator most likely looks for. */
function busiestPort(ports: readonly ItemSeries[]): string | null {
  let busiest: { key: string; total: number } | null = null;
  for (const port of ports) {
    const total = (port.rx_rate ?? [])
      .concat(port.tx_rate ?? [])
      .reduce<number>((sum, v) => sum + (v ?? 0), 0);
    if (!busiest || total > busiest.total) busiest = { key: port.key, total };
  }
  return busiest?.key ?? null;
}

function PortCharts({
  data,
  points,
}: {
  readonly data: DeviceItemMetricsResponse;
  readonly points: readonly MetricPoint[];
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const selected =
    data.port.find((port) => port.key === chosen) ??
    data.port.find((port) => port.key === busiestPort(data.port));
  const portName = (key: string) => t('statistics.items.portName', { port: key });
  const traffic = useMemo(
    () =>
      selected
        ? pointsOf(data.at, [
            { key: 'rx', value: (index) => valueAt(selected, 'rx_rate', index) },
            { key: 'tx', value: (index) => valueAt(selected, 'tx_rate', index) },
            { key: 'errors', value: (index) => valueAt(selected, 'error_rate', index) },
          ])
        : [],
    [data, selected],
  );
  // Each powered port's draw stacked up, against the budget the device reports.
  const budget = points.reduce<number | null>(
    (most, point) => (point.power_budget === null ? most : Math.max(most ?? 0, point.power_budget)),
    null,
  );
  const powered = data.port.filter((port) => port.poe_w?.some((value) => value !== null && value > 0));
  const poe = useMemo(() => {
    const lines = powered.map((port, n) => ({
      key: `p${n}`,
      value: (index: number) => valueAt(port, 'poe_w', index),
    }));
    return pointsOf(data.at, budget === null ? lines : [...lines, { key: 'budget', value: () => budget }]);
  }, [data, powered, budget]);
  if (data.port.length === 0 || !selected) return null;
  const poeSeries: Line[] = [
    ...powered.map((port, n) => ({ key: `p${n}`, label: portName(port.key), stacked: true })),
    ...(budget === null ? [] : [{ key: 'budget', label: t('statistics.system.powerBudget') }]),
  ];
  return (
    <>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          id={selectId}
          label={t('statistics.items.port')}
          value={selected.key}
          onChange={(event) => setChosen(event.target.value)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 160 }}
        >
          {data.port.map((port) => (
            <option key={port.key} value={port.key}>
              {portName(port.key)}
            </option>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {t('statistics.items.portHint')}
        </Typography>
      </Box>
      <TimeSeriesChart
        title={t('statistics.items.portThroughput', { port: selected.key })}
        points={traffic}
        series={[
          { key: 'rx', label: t('statistics.network.received') },
          { key: 'tx', label: t('statistics.network.sent') },
        ]}
        format={(value) => formatBitRate(value, units)}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('statistics.items.portErrors', { port: selected.key })}
        points={traffic}
        series={[{ key: 'errors', label: t('statistics.network.errorsPerMinute') }]}
        format={(value) => formatNumber(value, units, 2)}
        timeZone={units.timeZone}
      />
      {powered.length > 0 && (
        <TimeSeriesChart
          title={t('statistics.items.poe')}
          points={poe}
          series={poeSeries}
          format={(value) => formatWatts(value, units)}
          timeZone={units.timeZone}
        />
      )}
    </>
  );
}

/**
 * One marker per hour or day of the chart that had failovers, at the first of them: a failover and the
 * return a few minutes later would draw their labels over each other.
 */
export function failoverMarkers(
  data: Pick<DeviceItemMetricsResponse, 'at' | 'failovers'>,
  one: (failover: DeviceItemMetricsResponse['failovers'][number]) => string,
  several: (count: number) => string,
): ChartMarker[] {
  const buckets = new Map<number, DeviceItemMetricsResponse['failovers']>();
  const starts = data.at.map((at) => Date.parse(at));
  for (const failover of data.failovers) {
    const at = Date.parse(failover.at);
    const bucket = starts.findLastIndex((start) => start <= at);
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), failover]);
  }
  return [...buckets.values()].map((failovers) => ({
    at: (failovers[0] as (typeof failovers)[number]).at,
    label:
      failovers.length === 1 ? one(failovers[0] as (typeof failovers)[number]) : several(failovers.length),
  }));
}

function WanCharts({ data }: { readonly data: DeviceItemMetricsResponse }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const markers = failoverMarkers(
    data,
    (failover) => t('statistics.items.failoverMarker', { to: failover.to }),
    (count) => t('statistics.items.failoverCount', { count }),
  );
  // Loss is mostly a small fraction of a percent: two decimals, or every tick would read 0 %.
  const lossFormat = new Intl.NumberFormat(units.locale, { style: 'percent', maximumFractionDigits: 2 });
  const throughput = useMemo(() => perItem(data.at, data.wan, (item) => item.key, throughputAt), [data]);
  const latency = useMemo(
    () =>
      perItem(
        data.at,
        data.wan,
        (item) => item.key,
        (item, index) => valueAt(item, 'latency', index),
      ),
    [data],
  );
  const loss = useMemo(
    () =>
      perItem(
        data.at,
        data.wan,
        (item) => item.key,
        (item, index) => valueAt(item, 'loss', index),
      ),
    [data],
  );
  if (data.wan.length === 0) return null;
  return (
    <>
      <TimeSeriesChart
        title={t('statistics.items.wanThroughput')}
        {...throughput}
        markers={markers}
        format={(value) => formatBitRate(value, units)}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('statistics.items.wanLatency')}
        {...latency}
        markers={markers}
        format={(value) => t('statistics.network.milliseconds', { value: formatNumber(value, units, 1) })}
        timeZone={units.timeZone}
      />
      <TimeSeriesChart
        title={t('statistics.items.wanLoss')}
        {...loss}
        markers={markers}
        format={(value) => lossFormat.format(value / 100)}
        timeZone={units.timeZone}
      />
      <FailoverList data={data} />
    </>
  );
}

function FailoverList({ data }: { readonly data: DeviceItemMetricsResponse }) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('statistics.items.failovers')}
      </Typography>
      {data.failovers.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {t('statistics.items.noFailovers')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('statistics.items.failoverTime')}</TableCell>
                <TableCell>{t('statistics.items.failoverFrom')}</TableCell>
                <TableCell>{t('statistics.items.failoverTo')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...data.failovers].reverse().map((failover) => (
                <TableRow key={`${failover.at}-${failover.from}-${failover.to}`}>
                  <TableCell>{formatDateTime(new Date(failover.at), units)}</TableCell>
                  <TableCell>{failover.from}</TableCell>
                  <TableCell>{failover.to}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
