// A device's stored items (core/fleet/metric-items.ts) as the Statistics pages draw them
// (docs/telemetry.md#per-item-series): one time per hour or day of the range, whether the device reported in
// it or not (a missing one draws as a gap), counts as rates over the seconds they were counted in.
import {
  ITEM_SERIES_FAMILIES,
  type ItemSeries,
  type ItemSeriesFamily,
  type ItemSeriesField,
} from '../../../core/api/item-metrics.ts';
import { bitRate, type ItemFields } from '../../../core/fleet/metric-items.ts';
import type { TimeRange } from '../../../core/time-range.ts';
import type { ItemRow } from '../../fleet/metric-store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const scaled = (factor: number) => (value: unknown) => {
  const known = number(value);
  return known === null ? null : known * factor;
};

/** How a stored field becomes a wire field, given the seconds its hour or day counted. */
const FIELDS: Record<
  string,
  { wire: ItemSeriesField; value: (value: unknown, seconds: number) => number | null }
> = {
  rx: { wire: 'rx_rate', value: bitRate },
  tx: { wire: 'tx_rate', value: bitRate },
  errors: {
    wire: 'error_rate',
    value: (value, seconds) => {
      const known = number(value);
      return known === null || seconds <= 0 ? null : (known * 60) / seconds;
    },
  },
  retries: { wire: 'retries', value: number },
  clients: { wire: 'clients', value: number },
  poe: { wire: 'poe_w', value: number },
  latency: { wire: 'latency', value: number },
  loss: { wire: 'loss', value: number },
  up: { wire: 'availability', value: scaled(100) },
  kbps: { wire: 'bitrate_kbps', value: number },
  streaming: { wire: 'streaming', value: scaled(100) },
  used: { wire: 'used_bytes', value: number },
  total: { wire: 'total_bytes', value: number },
};

const BAND_ORDER = ['2.4', '5', '6', '60'];

/** Radios by band, ports by number, the others by key. */
function order(family: ItemSeriesFamily) {
  if (family === 'radio') return (a: string, b: string) => BAND_ORDER.indexOf(a) - BAND_ORDER.indexOf(b);
  if (family === 'port') return (a: string, b: string) => Number(a) - Number(b);
  return (a: string, b: string) => a.localeCompare(b);
}

/** The start of every hour (or UTC day) of the range up to now, oldest first. */
export function rangeTimes(range: TimeRange, now: Date): string[] {
  const step = range === '30d' ? DAY_MS : HOUR_MS;
  const span = range === '24h' ? DAY_MS : range === '7d' ? 7 * DAY_MS : 30 * DAY_MS;
  const last = Math.floor(now.getTime() / step) * step;
  const first = Math.floor((now.getTime() - span) / step) * step + (range === '30d' ? 0 : step);
  const times: string[] = [];
  for (let at = first; at <= last; at += step) times.push(new Date(at).toISOString().replace('.000Z', 'Z'));
  return times;
}

export type ItemFamilies = Record<ItemSeriesFamily, ItemSeries[]>;

/** Each family's items with one value per time of `times`, in the wire's names and units. */
export function itemSeries(rows: readonly ItemRow[], times: readonly string[]): ItemFamilies {
  const index = new Map(times.map((at, position) => [Date.parse(at), position]));
  const families = Object.fromEntries(
    ITEM_SERIES_FAMILIES.map((family) => [family, []]),
  ) as unknown as ItemFamilies;
  for (const family of ITEM_SERIES_FAMILIES) {
    const byKey = new Map<string, ItemSeries>();
    for (const row of rows) {
      const position = index.get(Date.parse(row.at));
      const items = row.items?.[family];
      if (position === undefined || !items) continue;
      for (const [key, fields] of Object.entries(items) as [string, ItemFields][]) {
        const series = byKey.get(key) ?? { key, name: null };
        byKey.set(key, series);
        if (typeof fields.name === 'string') series.name = fields.name;
        for (const [field, stored] of Object.entries(fields)) {
          const rule = FIELDS[field];
          if (!rule) continue;
          const values = series[rule.wire] ?? times.map(() => null);
          values[position] = rule.value(stored, row.seconds);
          series[rule.wire] = values;
        }
      }
    }
    families[family] = [...byKey.values()].sort((a, b) => order(family)(a.key, b.key));
  }
  return families;
}
