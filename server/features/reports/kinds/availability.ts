// docs/reports.md#kinds: the availability report: uptime per device and site over the period, with its outages.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect.ts';
import { intArray, queryRows } from '../../../db/rows.ts';
import { firstBars } from '../charts.ts';
import {
  chartOf,
  devicePages,
  deviceScope,
  drawn,
  hours,
  localTime,
  num,
  once,
  one,
  percent,
  REPORT_PAGE_ROWS,
  REPORT_TITLES,
  type Report,
  type ReportInput,
} from '../report-parts.ts';

/** The unreachable time of an outage within the period, in seconds. */
const outageSeconds = (input: ReportInput) =>
  sql`extract(epoch FROM (least(coalesce(a.resolved_at, ${input.to}), ${input.to}::timestamptz)
        - greatest(a.problem_at, ${input.from}::timestamptz)))`;
const outagesIn = (input: ReportInput) =>
  sql`a.alert_type = 'DEV_UNREACHABLE' AND a.problem_at < ${input.to}
      AND (a.resolved_at IS NULL OR a.resolved_at > ${input.from})`;

export async function availability(db: Database, input: ReportInput): Promise<Report> {
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
