// docs/reports.md#kinds: the clients and traffic report: per site and SSID, with the top clients and devices.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect.ts';
import { queryRows } from '../../../db/rows.ts';
import {
  drawn,
  megabytes,
  num,
  one,
  REPORT_TITLES,
  type Report,
  type ReportInput,
  siteScope,
  TOP_ROWS,
} from '../report-parts.ts';

/** Devices the clients report's traffic chart shows. */
const CHART_TOP_DEVICES = 10;

export async function clientsAndTraffic(db: Database, input: ReportInput): Promise<Report> {
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
