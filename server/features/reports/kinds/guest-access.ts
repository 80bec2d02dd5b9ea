// docs/reports.md#kinds: the guest access report: sessions, data and vouchers of the cloud's AuthPort.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect.ts';
import { queryRows } from '../../../db/rows.ts';
import { firstBars } from '../charts.ts';
import {
  chartOf,
  drawn,
  hours,
  localTime,
  megabytes,
  num,
  once,
  one,
  REPORT_PAGE_ROWS,
  REPORT_TITLES,
  type Report,
  type ReportInput,
  siteScope,
} from '../report-parts.ts';

export async function guestAccess(db: Database, input: ReportInput): Promise<Report> {
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
