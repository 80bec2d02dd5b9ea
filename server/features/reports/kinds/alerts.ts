// docs/reports.md#kinds: the alerts summary: alerts by type, site and health, and the time they took to resolve.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect.ts';
import { queryRows } from '../../../db/rows.ts';
import {
  chartOf,
  drawn,
  HEALTH_TEXT,
  hours,
  num,
  once,
  one,
  REPORT_TITLES,
  type Report,
  type ReportInput,
  siteScope,
} from '../report-parts.ts';

export async function alertsSummary(db: Database, input: ReportInput): Promise<Report> {
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
