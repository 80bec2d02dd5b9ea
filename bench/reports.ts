// An inventory report over a cloud of 100,000 devices (docs/reports.md#kinds), written as CSV and as XLSX
// by the same builders and writers the background job uses, each timed with the process's peak resident
// memory above what it held before. The floor: the same devices read page by page and thrown away (no file
// written). Run with `npm run bench -- reports` (BENCH_DATABASE_URL for PostgreSQL; on PGlite the database
// lives in the bench process, so its own memory is counted too).

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { clouds } from '../server/db/schema/clouds.ts';
import { buildReport, type ReportInput } from '../server/features/reports/builders.ts';
import { writeReportFile } from '../server/features/reports/output.ts';
import { openBenchDatabase } from './seed-large.ts';

const DEVICES = 100_000;
const SITES = 1_000;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss();
  let peakRss = before;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const start = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - start,
      before,
      peakRss: Math.max(peakRss, process.memoryUsage.rss()),
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function runReports(): Promise<void> {
  const database = await openBenchDatabase(600_000);
  const { db } = database;
  const [cloud] = await db
    .insert(clouds)
    .values({ name: `Report bench ${Date.now()}`, planType: 'intro' })
    .returning({ id: clouds.id });
  if (!cloud) throw new Error('no cloud');
  await db.execute(sql`INSERT INTO sites (cloud_id, name)
    SELECT ${cloud.id}, 'Site ' || lpad(n::text, 4, '0') FROM generate_series(1, ${SITES}) n`);
  await db.execute(sql`INSERT INTO devices (cloud_id, site_id, name, fw, sn, mac, ip, product_brand_id, product_id, product_type, status_id, health_id)
    SELECT ${cloud.id}, s.id, 'AP ' || lpad(n::text, 6, '0'), CASE WHEN n % 3 = 0 THEN '7.2.1-4012' ELSE '7.3.0-4105' END,
      'SN' || n, '02:00:' || to_char(n, 'FM000000'), '10.' || (n / 65536) || '.' || (n / 256 % 256) || '.' || (n % 256),
      1, 1, 'wifi', 'STATUS_ONLINE', 'HEALTH_NORMAL'
    FROM generate_series(1, ${DEVICES}) n
    JOIN sites s ON s.cloud_id = ${cloud.id} AND s.name = 'Site ' || lpad((1 + n % ${SITES})::text, 4, '0')`);
  await db.execute(sql`INSERT INTO licenses (cloud_id, kind, device_id, free)
    SELECT ${cloud.id}, 'device', id, false FROM devices WHERE cloud_id = ${cloud.id}`);
  await db.execute(sql`ANALYZE`);
  const now = new Date();
  const input: ReportInput = {
    cloudId: cloud.id,
    siteIds: null,
    from: new Date(now.getTime() - 7 * 86_400_000),
    to: now,
    timeZone: 'UTC',
  };
  const dir = await mkdtemp(join(tmpdir(), 'bench-reports-'));
  const heading = { productName: 'Bench', cloudName: 'Bench', name: 'Inventory', lines: [] };
  console.log(
    `reports: inventory of ${DEVICES.toLocaleString('en')} devices, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log('| what | time | rows | file | RSS before | peak RSS | peak above before |');
  console.log('|---|---|---|---|---|---|---|');
  try {
    const floor = await measured(async () => {
      let rows = 0;
      const report = await buildReport(db, 'inventory', input);
      for (const section of report.sections) for await (const page of section.pages()) rows += page.length;
      return { rows, size: 0 };
    });
    console.log(
      `| floor: pages read, nothing written | ${floor.ms.toFixed(0)} ms | ${floor.result.rows} | - | ${mb(floor.before)} | ${mb(floor.peakRss)} | ${mb(floor.peakRss - floor.before)} |`,
    );
    for (const format of ['csv', 'xlsx'] as const) {
      const path = join(dir, `inventory.${format}`);
      const run = await measured(async () => {
        const report = await buildReport(db, 'inventory', input);
        const { rows } = await writeReportFile(report, format, heading, path);
        return { rows, size: (await stat(path)).size };
      });
      console.log(
        `| ${format.toUpperCase()} | ${run.ms.toFixed(0)} ms | ${run.result.rows} | ${mb(run.result.size)} | ${mb(run.before)} | ${mb(run.peakRss)} | ${mb(run.peakRss - run.before)} |`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await db.execute(sql`DELETE FROM clouds WHERE id = ${cloud.id}`);
    await database.close();
  }
}
