// What the kinds of report share (docs/reports.md#kinds): the report's shape, its input, the devices and
// sites it covers, pages of rows read in the order of an index, and the helpers its figures and charts use.
import { type SQL, sql } from 'drizzle-orm';
import type { ReportKind } from '../../../core/api/reports.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import type { Database } from '../../db/connect.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { type ChartBar, firstBars, hasBars, type ReportChart } from './charts.ts';
import type { Cell } from './xlsx-writer.ts';

/** Rows read at a time from a section that grows with the fleet. */
export const REPORT_PAGE_ROWS = 1000;
/** How many clients and devices the clients report's top lists hold. */
export const TOP_ROWS = 20;

export type ReportSection = {
  title: string;
  columns: readonly string[];
  /** The section's rows, page by page. */
  pages: () => AsyncGenerator<Cell[][]>;
};

export type Report = {
  title: string;
  summary: [label: string, value: string][];
  sections: ReportSection[];
  /**
   * The report's charts, from aggregates (a row per status, site, type...), never from the sections' rows;
   * only a PDF asks for them.
   */
  charts: () => Promise<ReportChart[]>;
};

/** An aggregate read once, whether a chart or a section asks for it first. */
export function once<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => {
    reading ??= read();
    return reading;
  };
}

/** The charts worth drawing: those with a bar above zero. */
export const drawn = (charts: ReportChart[]) => charts.filter(hasBars);

/** A chart of at most CHART_BARS_MAX bars, its title saying when it shows only the first of them. */
export function chartOf(
  title: string,
  unit: string,
  all: ChartBar[],
  firstOnes: string,
  max?: number,
): ReportChart {
  const { bars, cut } = firstBars(all);
  return {
    title: cut ? `${title} (${firstOnes.replace('{n}', String(bars.length))})` : title,
    unit,
    bars,
    max,
  };
}

export type ReportInput = {
  cloudId: number;
  /** The sites the report covers; null for the whole cloud (devices on no site included). */
  siteIds: number[] | null;
  from: Date;
  to: Date;
  timeZone: string;
};

export const REPORT_TITLES: Readonly<Record<ReportKind, string>> = {
  inventory: 'Inventory',
  availability: 'Availability',
  alerts: 'Alerts summary',
  clients: 'Clients and traffic',
  firmware: 'Firmware compliance',
  guest_access: 'Guest access',
};

/** A date and time in the report's time zone, "YYYY-MM-DD HH:MM". */
export function localTime(at: Date | string | null, timeZone: string): string {
  if (at === null) return '';
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(at)))
    parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export const STATUS_TEXT: Record<string, string> = {
  STATUS_ONLINE: 'Online',
  STATUS_SKIPPED_HB: 'Online',
  STATUS_OFFLINE: 'Offline',
};
export const HEALTH_TEXT: Record<string, string> = {
  HEALTH_UNKNOWN: 'Unknown',
  HEALTH_NORMAL: 'Normal',
  HEALTH_WARNING: 'Warning',
  HEALTH_CRITICAL: 'Critical',
};
export const modelName = (productBrandId: number) =>
  productBrand(productBrandId)?.name ?? `Model ${productBrandId}`;
export const percent = (share: number) => Math.round(share * 10000) / 100;
export const hours = (seconds: number | null) =>
  seconds === null ? null : Math.round((seconds / 3600) * 100) / 100;
export const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
export const megabytes = (bytes: unknown) => Math.round((num(bytes) / 1e6) * 100) / 100;

/** The devices the report covers: live ones of the cloud, on its sites. */
export function deviceScope(input: ReportInput, alias = 'd'): SQL {
  const d = sql.raw(alias);
  return sql`${d}.cloud_id = ${input.cloudId} AND ${d}.deleted_at IS NULL AND NOT ${d}.decomm${
    input.siteIds === null ? sql`` : sql` AND ${d}.site_id = ANY(${intArray(input.siteIds)})`
  }`;
}
export const siteScope = (input: ReportInput, column: SQL) =>
  input.siteIds === null ? sql`` : sql` AND ${column} = ANY(${intArray(input.siteIds)})`;

export type DeviceRow = {
  id: number;
  name: string;
  product_brand_id: number;
  product_type: string;
  sn: string;
  mac: string;
  ip: string | null;
  fw: string;
  site: string | null;
  status_id: string;
  health_id: string;
  created_at: string;
};

/**
 * The covered devices by name, a page at a time: each page starts after the last (name, id) of the one
 * before, along the index devices_cloud_name_idx.
 */
export async function* devicePages(
  db: Database,
  input: ReportInput,
  where: SQL = sql``,
): AsyncGenerator<DeviceRow[]> {
  let after: { name: string; id: number } | null = null;
  for (;;) {
    const rows: DeviceRow[] = await queryRows<DeviceRow>(
      db,
      sql`SELECT d.id, d.name, d.product_brand_id, d.product_type, d.sn, d.mac, d.ip, d.fw, s.name AS site,
            d.status_id, d.health_id, d.created_at
          FROM devices d LEFT JOIN sites s ON s.id = d.site_id
          WHERE ${deviceScope(input)}${where}${after === null ? sql`` : sql` AND (d.name, d.id) > (${after.name}, ${after.id})`}
          ORDER BY d.name, d.id LIMIT ${REPORT_PAGE_ROWS}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < REPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    after = { name: last.name, id: last.id };
  }
}

/** The one row an aggregate answers. */
export async function one<T>(db: Database, query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('an aggregate answered no row');
  return row;
}
