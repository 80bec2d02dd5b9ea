// A device's stored samples as the Statistics pages draw them: traffic as average bit rates, and a point
// of nulls where the device sent nothing, so a chart shows the outage as a gap instead of a slope.
import type { MetricPoint } from '../../../core/api/metrics.ts';
import type { METRIC_COLUMNS } from '../../../core/fleet/metric-sample.ts';
import type { TimeRange } from '../../../core/time-range.ts';
import type { MetricPoint as StoredPoint } from '../../fleet/metric-store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A silence this many times the usual pace is an outage. */
const GAP_FACTOR = 3;

type Stored = { readonly at: number; readonly row: StoredPoint };

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
};

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function point(at: number, row: StoredPoint | null, seconds: number | null): MetricPoint {
  const value = (key: (typeof METRIC_COLUMNS)[number]) => (row ? numberOrNull(row[key]) : null);
  const rate = (bytes: number | null) => (bytes === null || !seconds ? null : (bytes * 8) / seconds);
  const linkUp = value('linkUp');
  const errors = value('errors');
  return {
    at: new Date(at).toISOString(),
    cpu: value('cpu'),
    mem: value('mem'),
    temp: value('temp'),
    power: value('power'),
    clients: value('clients'),
    clients24: value('clients24'),
    clients5: value('clients5'),
    clients6: value('clients6'),
    clients60: value('clients60'),
    util24: value('util24'),
    util5: value('util5'),
    util6: value('util6'),
    util60: value('util60'),
    noise24: value('noise24'),
    noise5: value('noise5'),
    noise6: value('noise6'),
    noise60: value('noise60'),
    rx_rate: rate(value('rxBytes')),
    tx_rate: rate(value('txBytes')),
    link_rssi: value('linkRssi'),
    link_snr: value('linkSnr'),
    link_capacity: value('linkCapacity'),
    retries: value('retries'),
    link_remote_rssi: value('linkRemoteRssi'),
    link_remote_snr: value('linkRemoteSnr'),
    link_mcs: value('linkMcs'),
    link_availability: linkUp === null ? null : linkUp * 100,
    wan_latency: value('wanLatency'),
    wan_loss: value('wanLoss'),
    error_rate: errors === null || !seconds ? null : (errors * 60) / seconds,
    power_budget: value('powerBudget'),
  };
}

/**
 * The points of a range: a heartbeat's bytes were counted since the heartbeat before it (the first one's
 * pace is taken from the next), an hour's bytes over its hour, a day's over the hours it has rolled up.
 */
export function chartPoints(rows: readonly StoredPoint[], range: TimeRange): MetricPoint[] {
  const stored: Stored[] = rows.map((row) => ({ at: Date.parse(row.at), row }));
  const gaps = stored.slice(1).map((item, index) => item.at - (stored[index]?.at ?? item.at));
  const pace = range === '24h' ? median(gaps) : range === '7d' ? HOUR_MS : DAY_MS;
  const points: MetricPoint[] = [];
  stored.forEach((item, index) => {
    const previous = stored[index - 1];
    const sinceLast = previous ? item.at - previous.at : (gaps[0] ?? null);
    if (previous && pace && sinceLast !== null && sinceLast > GAP_FACTOR * pace) {
      points.push(point(previous.at + pace, null, null));
    }
    const seconds =
      range === '24h'
        ? sinceLast === null
          ? null
          : sinceLast / 1000
        : range === '7d'
          ? HOUR_MS / 1000
          : (numberOrNull(item.row.hours) ?? 24) * (HOUR_MS / 1000);
    points.push(point(item.at, item.row, seconds));
  });
  return points;
}
