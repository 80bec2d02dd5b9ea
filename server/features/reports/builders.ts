// What each kind of report holds (docs/reports.md#kinds): a title, a few summary figures and sections of
// rows. A section that grows with the fleet (devices, outages, sessions) is read a page at a time in the
// order of an index, so a report of 100,000 devices never holds them all.
import { type SQL, sql } from 'drizzle-orm';
import type { ReportKind } from '../../../core/api/reports.ts';
import { PRODUCT_TYPES, type ProductType } from '../../../core/domain.ts';
import { newestFirmware } from '../../../core/fleet/firmware.ts';
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
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => {
    reading ??= read();
    return reading;
  };
}

/** The charts worth drawing: those with a bar above zero. */
const drawn = (charts: ReportChart[]) => charts.filter(hasBars);

/** A chart of at most CHART_BARS_MAX bars, its title saying when it shows only the first of them. */
function chartOf(title: string, unit: string, all: ChartBar[], firstOnes: string, max?: number): ReportChart {
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

const STATUS_TEXT: Record<string, string> = {
  STATUS_ONLINE: 'Online',
  STATUS_SKIPPED_HB: 'Online',
  STATUS_OFFLINE: 'Offline',
};
const HEALTH_TEXT: Record<string, string> = {
  HEALTH_UNKNOWN: 'Unknown',
  HEALTH_NORMAL: 'Normal',
  HEALTH_WARNING: 'Warning',
  HEALTH_CRITICAL: 'Critical',
};
const modelName = (productBrandId: number) => productBrand(productBrandId)?.name ?? `Model ${productBrandId}`;
const percent = (share: number) => Math.round(share * 10000) / 100;
const hours = (seconds: number | null) =>
  seconds === null ? null : Math.round((seconds / 3600) * 100) / 100;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** The devices the report covers: live ones of the cloud, on its sites. */
function deviceScope(input: ReportInput, alias = 'd'): SQL {
  const d = sql.raw(alias);
  return sql`${d}.cloud_id = ${input.cloudId} AND ${d}.deleted_at IS NULL AND NOT ${d}.decomm${
    input.siteIds === null ? sql`` : sql` AND ${d}.site_id = ANY(${intArray(input.siteIds)})`
  }`;
}
const siteScope = (input: ReportInput, column: SQL) =>
  input.siteIds === null ? sql`` : sql` AND ${column} = ANY(${intArray(input.siteIds)})`;

type DeviceRow = {
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
async function* devicePages(
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
async function one<T>(db: Database, query: SQL): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('an aggregate answered no row');
  return row;
}

async function inventory(db: Database, input: ReportInput): Promise<Report> {
  // A row per status and family: the summary's counts and the charts' bars.
  const groups = await queryRows<{ status_id: string; product_type: string; devices: number }>(
    db,
    sql`SELECT d.status_id, d.product_type, count(*)::int AS devices
        FROM devices d WHERE ${deviceScope(input)} GROUP BY d.status_id, d.product_type`,
  );
  const tally = (key: (g: (typeof groups)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const g of groups) counts.set(key(g), (counts.get(key(g)) ?? 0) + g.devices);
    return counts;
  };
  const byStatus = tally((g) => STATUS_TEXT[g.status_id] ?? g.status_id);
  const byFamily = tally((g) => g.product_type);
  const counts = {
    total: groups.reduce((sum, g) => sum + g.devices, 0),
    online: byStatus.get('Online') ?? 0,
  };
  const bars = (tallied: Map<string, number>) =>
    [...tallied]
      .map(([label, value]) => ({ label, value }))
      .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  return {
    title: REPORT_TITLES.inventory,
    charts: async () =>
      drawn([
        chartOf('Devices by status', '', bars(byStatus), 'the {n} most common'),
        chartOf('Devices by family', '', bars(byFamily), 'the {n} largest'),
      ]),
    summary: [
      ['Devices', String(counts.total)],
      ['Online', String(counts.online)],
      ['Offline', String(counts.total - counts.online)],
    ],
    sections: [
      {
        title: 'Devices',
        columns: [
          'Name',
          'Model',
          'Serial number',
          'MAC',
          'IP',
          'Firmware',
          'Site',
          'Status',
          'Health',
          'License',
        ],
        async *pages() {
          for await (const page of devicePages(db, input)) {
            const licenses = await queryRows<{ device_id: number; free: boolean; expires_at: string | null }>(
              db,
              sql`SELECT device_id, free, expires_at FROM licenses
                  WHERE device_id = ANY(${intArray(page.map((d) => d.id))}) AND cloud_id = ${input.cloudId}
                    AND kind = 'device'`,
            );
            const byDevice = new Map(licenses.map((l) => [l.device_id, l]));
            yield page.map((d) => {
              const license = byDevice.get(d.id);
              return [
                d.name,
                modelName(d.product_brand_id),
                d.sn,
                d.mac,
                d.ip,
                d.fw,
                d.site,
                STATUS_TEXT[d.status_id] ?? d.status_id,
                HEALTH_TEXT[d.health_id] ?? d.health_id,
                !license
                  ? 'None'
                  : license.free
                    ? 'Free'
                    : license.expires_at
                      ? `Until ${localTime(license.expires_at, input.timeZone).slice(0, 10)}`
                      : 'Licensed',
              ];
            });
          }
        },
      },
    ],
  };
}

/** The unreachable time of an outage within the period, in seconds. */
const outageSeconds = (input: ReportInput) =>
  sql`extract(epoch FROM (least(coalesce(a.resolved_at, ${input.to}), ${input.to}::timestamptz)
        - greatest(a.problem_at, ${input.from}::timestamptz)))`;
const outagesIn = (input: ReportInput) =>
  sql`a.alert_type = 'DEV_UNREACHABLE' AND a.problem_at < ${input.to}
      AND (a.resolved_at IS NULL OR a.resolved_at > ${input.from})`;

async function availability(db: Database, input: ReportInput): Promise<Report> {
  const periodS = (input.to.getTime() - input.from.getTime()) / 1000;
  /** Seconds a device was in the cloud during the period. */
  const presentS = (createdAt: string) =>
    Math.max(0, (input.to.getTime() - Math.max(input.from.getTime(), new Date(createdAt).getTime())) / 1000);
  const totals = await one<{
    devices: number;
    outages: number;
    down_s: number | null;
    present_s: number | null;
  }>(
    db,
    sql`SELECT count(*)::int AS devices,
          (SELECT count(*)::int FROM alerts a JOIN devices d ON d.id = a.device_id
            WHERE a.cloud_id = ${input.cloudId} AND ${outagesIn(input)} AND ${deviceScope(input)}) AS outages,
          (SELECT sum(${outageSeconds(input)}) FROM alerts a JOIN devices d ON d.id = a.device_id
            WHERE a.cloud_id = ${input.cloudId} AND ${outagesIn(input)} AND ${deviceScope(input)}) AS down_s,
          sum(extract(epoch FROM (${input.to}::timestamptz - greatest(d.created_at, ${input.from}::timestamptz))))
            FILTER (WHERE d.created_at < ${input.to}) AS present_s
        FROM devices d WHERE ${deviceScope(input)}`,
  );
  const present = num(totals.present_s);
  const siteRows = once(() =>
    queryRows<{
      site: string | null;
      devices: number;
      present_s: number | null;
      outages: number | null;
      down_s: number | null;
    }>(
      db,
      sql`SELECT s.name AS site, count(*)::int AS devices,
            sum(extract(epoch FROM (${input.to}::timestamptz - greatest(d.created_at, ${input.from}::timestamptz))))
              FILTER (WHERE d.created_at < ${input.to}) AS present_s,
            sum(o.outages)::int AS outages, sum(o.down_s) AS down_s
          FROM devices d LEFT JOIN sites s ON s.id = d.site_id
          LEFT JOIN LATERAL (SELECT count(*) AS outages, sum(${outageSeconds(input)}) AS down_s
            FROM alerts a WHERE a.device_id = d.id AND ${outagesIn(input)}) o ON true
          WHERE ${deviceScope(input)}
          GROUP BY s.id, s.name ORDER BY s.name NULLS LAST, s.id`,
    ),
  );
  const siteUptime = (r: { present_s: number | null; down_s: number | null }) =>
    num(r.present_s) > 0 ? percent(1 - num(r.down_s) / num(r.present_s)) : 100;
  return {
    title: REPORT_TITLES.availability,
    charts: async () => {
      // By name; past CHART_BARS_MAX sites, the ones with the lowest uptime.
      const sites = (await siteRows()).map((r) => ({ label: r.site ?? 'No site', value: siteUptime(r) }));
      const shown = firstBars(sites).cut ? [...sites].sort((a, b) => a.value - b.value) : sites;
      return drawn([chartOf('Uptime per site', '%', shown, 'the {n} lowest', 100)]);
    },
    summary: [
      ['Devices', String(totals.devices)],
      ['Uptime', present > 0 ? `${percent(1 - num(totals.down_s) / present)} %` : '100 %'],
      ['Outages', String(totals.outages)],
      ['Period', `${Math.round(periodS / 86400)} days`],
    ],
    sections: [
      {
        title: 'Sites',
        columns: ['Site', 'Devices', 'Uptime (%)', 'Outages', 'Downtime (hours)'],
        async *pages() {
          yield (await siteRows()).map((r) => [
            r.site ?? 'No site',
            r.devices,
            siteUptime(r),
            num(r.outages),
            hours(num(r.down_s)),
          ]);
        },
      },
      {
        title: 'Devices',
        columns: ['Device', 'Site', 'Uptime (%)', 'Outages', 'Downtime (hours)'],
        async *pages() {
          for await (const page of devicePages(db, input)) {
            const outages = await queryRows<{ device_id: number; outages: number; down_s: number }>(
              db,
              sql`SELECT a.device_id, count(*)::int AS outages, sum(${outageSeconds(input)}) AS down_s
                  FROM alerts a WHERE a.device_id = ANY(${intArray(page.map((d) => d.id))}) AND ${outagesIn(input)}
                  GROUP BY a.device_id`,
            );
            const byDevice = new Map(outages.map((o) => [o.device_id, o]));
            yield page.map((d) => {
              const down = num(byDevice.get(d.id)?.down_s);
              const present = presentS(d.created_at);
              return [
                d.name,
                d.site,
                present > 0 ? percent(1 - down / present) : 100,
                byDevice.get(d.id)?.outages ?? 0,
                hours(down),
              ];
            });
          }
        },
      },
      {
        title: 'Outages',
        columns: ['Device', 'Site', 'Unreachable from', 'Back at', 'Duration (hours)'],
        async *pages() {
          // Newest first along alerts_cloud_problem_idx, a page after the last (problem_at, id) of the one before.
          let after: { at: string; id: number } | null = null;
          for (;;) {
            const rows: {
              id: number;
              device: string;
              site: string | null;
              problem_at: string;
              resolved_at: string | null;
              down_s: number;
            }[] = await queryRows(
              db,
              sql`SELECT a.id, d.name AS device, s.name AS site, a.problem_at, a.resolved_at, ${outageSeconds(input)} AS down_s
                    FROM alerts a JOIN devices d ON d.id = a.device_id LEFT JOIN sites s ON s.id = d.site_id
                    WHERE a.cloud_id = ${input.cloudId} AND ${outagesIn(input)} AND ${deviceScope(input)}
                      ${after === null ? sql`` : sql`AND (a.problem_at, a.id) < (${after.at}::timestamptz, ${after.id})`}
                    ORDER BY a.problem_at DESC, a.id DESC LIMIT ${REPORT_PAGE_ROWS}`,
            );
            if (rows.length > 0)
              yield rows.map((r) => [
                r.device,
                r.site,
                localTime(r.problem_at, input.timeZone),
                r.resolved_at ? localTime(r.resolved_at, input.timeZone) : 'Still unreachable',
                hours(num(r.down_s)),
              ]);
            if (rows.length < REPORT_PAGE_ROWS) return;
            const last = rows[rows.length - 1];
            if (!last) return;
            after = { at: new Date(last.problem_at).toISOString(), id: last.id };
          }
        },
      },
    ],
  };
}

async function alertsSummary(db: Database, input: ReportInput): Promise<Report> {
  const raised = sql`a.cloud_id = ${input.cloudId} AND a.problem_at >= ${input.from} AND a.problem_at < ${input.to}${siteScope(input, sql`a.site_id`)}`;
  const measures = sql`count(*)::int AS total,
      count(*) FILTER (WHERE a.health_id = 'HEALTH_CRITICAL')::int AS critical,
      count(*) FILTER (WHERE a.health_id = 'HEALTH_WARNING')::int AS warning,
      count(*) FILTER (WHERE a.resolved_at IS NULL)::int AS open,
      avg(extract(epoch FROM (a.resolved_at - a.problem_at))) FILTER (WHERE a.resolved_at IS NOT NULL) AS resolve_s`;
  type Measures = {
    total: number;
    critical: number;
    warning: number;
    open: number;
    resolve_s: number | null;
  };
  const measured = (m: Measures) => [
    m.total,
    m.critical,
    m.warning,
    m.open,
    hours(m.resolve_s === null ? null : num(m.resolve_s)),
  ];
  const columns = ['Total', 'Critical', 'Warning', 'Open', 'Mean time to resolve (hours)'];
  const totals = await one<Measures>(db, sql`SELECT ${measures} FROM alerts a WHERE ${raised}`);
  const typeRows = once(() =>
    queryRows<Measures & { alert_type: string }>(
      db,
      sql`SELECT a.alert_type, ${measures} FROM alerts a WHERE ${raised} GROUP BY a.alert_type ORDER BY total DESC, a.alert_type`,
    ),
  );
  const healthRows = once(() =>
    queryRows<Measures & { health_id: string }>(
      db,
      sql`SELECT a.health_id, ${measures} FROM alerts a WHERE ${raised} GROUP BY a.health_id ORDER BY a.health_id`,
    ),
  );
  return {
    title: REPORT_TITLES.alerts,
    charts: async () =>
      drawn([
        chartOf(
          'Alerts by type',
          '',
          (await typeRows()).map((r) => ({ label: r.alert_type, value: r.total })),
          'the {n} most raised',
        ),
        chartOf(
          'Alerts by health',
          '',
          (await healthRows()).map((r) => ({
            label: HEALTH_TEXT[r.health_id] ?? r.health_id,
            value: r.total,
          })),
          'the first {n}',
        ),
      ]),
    summary: [
      ['Alerts raised', String(totals.total)],
      ['Critical', String(totals.critical)],
      ['Still open', String(totals.open)],
      ['Mean time to resolve', totals.resolve_s === null ? '-' : `${hours(num(totals.resolve_s))} h`],
    ],
    sections: [
      {
        title: 'By type',
        columns: ['Type', ...columns],
        async *pages() {
          yield (await typeRows()).map((r) => [r.alert_type, ...measured(r)]);
        },
      },
      {
        title: 'By site',
        columns: ['Site', ...columns],
        async *pages() {
          const rows = await queryRows<Measures & { site: string | null }>(
            db,
            sql`SELECT s.name AS site, ${measures} FROM alerts a LEFT JOIN sites s ON s.id = a.site_id
                WHERE ${raised} GROUP BY s.id, s.name ORDER BY total DESC, s.name NULLS LAST`,
          );
          yield rows.map((r) => [r.site ?? 'No site', ...measured(r)]);
        },
      },
      {
        title: 'By health',
        columns: ['Health', 'Total', 'Open', 'Mean time to resolve (hours)'],
        async *pages() {
          yield (await healthRows()).map((r) => [
            HEALTH_TEXT[r.health_id] ?? r.health_id,
            r.total,
            r.open,
            hours(r.resolve_s === null ? null : num(r.resolve_s)),
          ]);
        },
      },
    ],
  };
}

/** Devices the clients report's traffic chart shows. */
const CHART_TOP_DEVICES = 10;
const megabytes = (bytes: unknown) => Math.round((num(bytes) / 1e6) * 100) / 100;

async function clientsAndTraffic(db: Database, input: ReportInput): Promise<Report> {
  const seen = sql`c.cloud_id = ${input.cloudId} AND c.last_seen_at >= ${input.from}${siteScope(input, sql`c.site_id`)}`;
  const hourly = sql`m.cloud_id = ${input.cloudId} AND m.site_id <> 0 AND m.hour >= ${input.from} AND m.hour < ${input.to}${siteScope(input, sql`m.site_id`)}`;
  const totals = await one<{ clients: number; rx: number | null; tx: number | null }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM wireless_clients c WHERE ${seen}) AS clients,
          sum(m.rx_bytes) AS rx, sum(m.tx_bytes) AS tx FROM site_metrics_hourly m WHERE ${hourly}`,
  );
  return {
    title: REPORT_TITLES.clients,
    charts: async () => {
      const devices = await queryRows<{ device: string; bytes: number }>(
        db,
        sql`SELECT d.name AS device, sum(c.rx_bytes + c.tx_bytes) AS bytes
            FROM wireless_clients c JOIN devices d ON d.id = c.device_id
            WHERE ${seen} GROUP BY d.id, d.name ORDER BY bytes DESC, d.id LIMIT ${CHART_TOP_DEVICES}`,
      );
      return drawn([
        {
          title: 'Top devices by traffic',
          unit: 'MB',
          bars: devices.map((r) => ({ label: r.device, value: megabytes(r.bytes) })),
        },
      ]);
    },
    summary: [
      ['Clients seen', String(totals.clients)],
      ['Received (MB)', String(megabytes(totals.rx))],
      ['Sent (MB)', String(megabytes(totals.tx))],
    ],
    sections: [
      {
        title: 'Sites',
        columns: ['Site', 'Clients at most (hourly average)', 'Received (MB)', 'Sent (MB)'],
        async *pages() {
          const rows = await queryRows<{
            site: string | null;
            clients: number | null;
            rx: number | null;
            tx: number | null;
          }>(
            db,
            sql`SELECT s.name AS site, max(m.clients) AS clients, sum(m.rx_bytes) AS rx, sum(m.tx_bytes) AS tx
                FROM site_metrics_hourly m LEFT JOIN sites s ON s.id = m.site_id
                WHERE ${hourly} GROUP BY m.site_id, s.name ORDER BY s.name NULLS LAST, m.site_id`,
          );
          yield rows.map((r) => [
            r.site ?? 'Deleted site',
            r.clients === null ? null : Math.round(num(r.clients) * 10) / 10,
            megabytes(r.rx),
            megabytes(r.tx),
          ]);
        },
      },
      {
        title: 'SSIDs',
        columns: ['SSID', 'Clients', 'Received (MB)', 'Sent (MB)'],
        async *pages() {
          const rows = await queryRows<{ ssid: string; clients: number; rx: number; tx: number }>(
            db,
            sql`SELECT c.ssid, count(*)::int AS clients, sum(c.rx_bytes) AS rx, sum(c.tx_bytes) AS tx
                FROM wireless_clients c WHERE ${seen} GROUP BY c.ssid ORDER BY clients DESC, c.ssid`,
          );
          yield rows.map((r) => [r.ssid || '(none)', r.clients, megabytes(r.rx), megabytes(r.tx)]);
        },
      },
      {
        title: 'Top clients',
        columns: ['Client', 'MAC', 'Site', 'SSID', 'Received (MB)', 'Sent (MB)'],
        async *pages() {
          const rows = await queryRows<{
            hostname: string;
            mac: string;
            site: string | null;
            ssid: string;
            rx: number;
            tx: number;
          }>(
            db,
            sql`SELECT c.hostname, c.mac, s.name AS site, c.ssid, c.rx_bytes AS rx, c.tx_bytes AS tx
                FROM wireless_clients c LEFT JOIN sites s ON s.id = c.site_id
                WHERE ${seen} ORDER BY c.rx_bytes + c.tx_bytes DESC, c.id LIMIT ${TOP_ROWS}`,
          );
          yield rows.map((r) => [
            r.hostname || r.mac,
            r.mac,
            r.site,
            r.ssid,
            megabytes(r.rx),
            megabytes(r.tx),
          ]);
        },
      },
      {
        title: 'Top devices',
        columns: ['Device', 'Site', 'Clients', 'Traffic (MB)'],
        async *pages() {
          const rows = await queryRows<{
            device: string;
            site: string | null;
            clients: number;
            bytes: number;
          }>(
            db,
            sql`SELECT d.name AS device, s.name AS site, count(*)::int AS clients, sum(c.rx_bytes + c.tx_bytes) AS bytes
                FROM wireless_clients c JOIN devices d ON d.id = c.device_id LEFT JOIN sites s ON s.id = d.site_id
                WHERE ${seen} GROUP BY d.id, d.name, s.name ORDER BY clients DESC, bytes DESC, d.id LIMIT ${TOP_ROWS}`,
          );
          yield rows.map((r) => [r.device, r.site, r.clients, megabytes(r.bytes)]);
        },
      },
    ],
  };
}

/** The catalogue's newest release of each family (core/fleet/firmware.ts) is the recommended version. */
const recommendedOf = (type: string): string =>
  (PRODUCT_TYPES as readonly string[]).includes(type) ? newestFirmware(type as ProductType) : '';
const recommendedCase = sql`(CASE d.product_type ${sql.join(
  PRODUCT_TYPES.map((type) => sql`WHEN ${type} THEN ${newestFirmware(type)}`),
  sql` `,
)} END)`;

async function firmwareCompliance(db: Database, input: ReportInput): Promise<Report> {
  const families = await queryRows<{ product_type: string; devices: number; on_version: number }>(
    db,
    sql`SELECT d.product_type, count(*)::int AS devices,
          count(*) FILTER (WHERE d.fw = ${recommendedCase})::int AS on_version
        FROM devices d WHERE ${deviceScope(input)} GROUP BY d.product_type ORDER BY d.product_type`,
  );
  const total = families.reduce((sum, f) => sum + f.devices, 0);
  const onVersion = families.reduce((sum, f) => sum + f.on_version, 0);
  const behind = sql` AND d.fw IS DISTINCT FROM ${recommendedCase}`;
  return {
    title: REPORT_TITLES.firmware,
    charts: async () =>
      drawn([
        {
          title: 'Devices on the recommended version',
          unit: '',
          bars: [
            { label: 'On the recommended version', value: onVersion },
            { label: 'Not on it', value: total - onVersion },
          ],
        },
      ]),
    summary: [
      ['Devices', String(total)],
      ['On the recommended version', String(onVersion)],
      ['Compliance', total > 0 ? `${percent(onVersion / total)} %` : '100 %'],
    ],
    sections: [
      {
        title: 'Families',
        columns: ['Family', 'Recommended version', 'Devices', 'On it', 'Behind'],
        async *pages() {
          yield families.map((f) => [
            f.product_type,
            recommendedOf(f.product_type),
            f.devices,
            f.on_version,
            f.devices - f.on_version,
          ]);
        },
      },
      {
        title: 'Devices not on the recommended version',
        columns: ['Device', 'Model', 'Site', 'Firmware', 'Recommended'],
        async *pages() {
          if (families.length === 0) return;
          for await (const page of devicePages(db, input, behind))
            yield page.map((d) => [
              d.name,
              modelName(d.product_brand_id),
              d.site,
              d.fw,
              recommendedOf(d.product_type),
            ]);
        },
      },
    ],
  };
}

async function guestAccess(db: Database, input: ReportInput): Promise<Report> {
  const during = sql`g.cloud_id = ${input.cloudId} AND g.started_at >= ${input.from} AND g.started_at < ${input.to}${siteScope(input, sql`g.site_id`)}`;
  const totals = await one<{
    sessions: number;
    guests: number;
    bytes_in: number | null;
    bytes_out: number | null;
  }>(
    db,
    sql`SELECT count(*)::int AS sessions, count(DISTINCT g.account_id)::int AS guests,
          sum(g.bytes_in) AS bytes_in, sum(g.bytes_out) AS bytes_out FROM guest_sessions g WHERE ${during}`,
  );
  const vouchers = await queryRows<{ plan: string; used: number }>(
    db,
    sql`SELECT p.name AS plan, count(*)::int AS used FROM guest_accounts a JOIN guest_plans p ON p.id = a.plan_id
        WHERE a.cloud_id = ${input.cloudId} AND a.kind = 'voucher' AND a.first_used_at >= ${input.from}
          AND a.first_used_at < ${input.to}
        GROUP BY p.id, p.name ORDER BY used DESC, p.name`,
  );
  const siteRows = once(() =>
    queryRows<{
      site: string;
      sessions: number;
      guests: number;
      duration_s: number;
      bytes_in: number;
      bytes_out: number;
    }>(
      db,
      sql`SELECT s.name AS site, count(*)::int AS sessions, count(DISTINCT g.account_id)::int AS guests,
            sum(g.duration_s) AS duration_s, sum(g.bytes_in) AS bytes_in, sum(g.bytes_out) AS bytes_out
          FROM guest_sessions g JOIN sites s ON s.id = g.site_id
          WHERE ${during} GROUP BY s.id, s.name ORDER BY s.name, s.id`,
    ),
  );
  return {
    title: REPORT_TITLES.guest_access,
    charts: async () => {
      const sites = (await siteRows()).map((r) => ({ label: r.site, value: r.sessions }));
      const shown = firstBars(sites).cut ? [...sites].sort((a, b) => b.value - a.value) : sites;
      return drawn([chartOf('Sessions per site', '', shown, 'the {n} busiest')]);
    },
    summary: [
      ['Sessions', String(totals.sessions)],
      ['Guests', String(totals.guests)],
      ['Data from guests (MB)', String(megabytes(totals.bytes_in))],
      ['Data to guests (MB)', String(megabytes(totals.bytes_out))],
      ['Vouchers used', String(vouchers.reduce((sum, v) => sum + v.used, 0))],
    ],
    sections: [
      {
        title: 'Sites',
        columns: [
          'Site',
          'Sessions',
          'Guests',
          'Time online (hours)',
          'Data from guests (MB)',
          'Data to guests (MB)',
        ],
        async *pages() {
          yield (await siteRows()).map((r) => [
            r.site,
            r.sessions,
            r.guests,
            hours(num(r.duration_s)),
            megabytes(r.bytes_in),
            megabytes(r.bytes_out),
          ]);
        },
      },
      {
        title: 'Vouchers used',
        columns: ['Plan', 'Vouchers used'],
        async *pages() {
          yield vouchers.map((v) => [v.plan, v.used]);
        },
      },
      {
        title: 'Sessions',
        columns: [
          'Guest',
          'Site',
          'MAC',
          'SSID',
          'Started',
          'Ended',
          'Duration (minutes)',
          'Data from guest (MB)',
          'Data to guest (MB)',
        ],
        async *pages() {
          // Newest first along guest_sessions_cloud_started_idx.
          let after: { at: string; id: number } | null = null;
          for (;;) {
            const rows: {
              id: number;
              username: string;
              site: string;
              mac: string;
              ssid: string | null;
              started_at: string;
              ended_at: string | null;
              duration_s: number;
              bytes_in: number;
              bytes_out: number;
            }[] = await queryRows(
              db,
              sql`SELECT g.id, a.username, s.name AS site, g.mac, g.ssid, g.started_at, g.ended_at, g.duration_s,
                      g.bytes_in, g.bytes_out
                    FROM guest_sessions g JOIN guest_accounts a ON a.id = g.account_id JOIN sites s ON s.id = g.site_id
                    WHERE ${during}${after === null ? sql`` : sql` AND (g.started_at, g.id) < (${after.at}::timestamptz, ${after.id})`}
                    ORDER BY g.started_at DESC, g.id DESC LIMIT ${REPORT_PAGE_ROWS}`,
            );
            if (rows.length > 0)
              yield rows.map((r) => [
                r.username,
                r.site,
                r.mac,
                r.ssid,
                localTime(r.started_at, input.timeZone),
                localTime(r.ended_at, input.timeZone),
                Math.round(num(r.duration_s) / 60),
                megabytes(r.bytes_in),
                megabytes(r.bytes_out),
              ]);
            if (rows.length < REPORT_PAGE_ROWS) return;
            const last = rows[rows.length - 1];
            if (!last) return;
            after = { at: new Date(last.started_at).toISOString(), id: last.id };
          }
        },
      },
    ],
  };
}

/** The report of a kind over the input's sites and period. */
export function buildReport(db: Database, kind: ReportKind, input: ReportInput): Promise<Report> {
  switch (kind) {
    case 'inventory':
      return inventory(db, input);
    case 'availability':
      return availability(db, input);
    case 'alerts':
      return alertsSummary(db, input);
    case 'clients':
      return clientsAndTraffic(db, input);
    case 'firmware':
      return firmwareCompliance(db, input);
    case 'guest_access':
      return guestAccess(db, input);
  }
}
