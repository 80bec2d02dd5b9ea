// The dashboards' device counts kept ahead (migration 0008): triggers on devices log each statement's
// changes as rows of deltas that are only ever inserted, so no writer waits on a counter row; reading a
// cloud's counts sums its rows, and a background job folds the rows together every few seconds so there
// are few to sum.
import { sql } from 'drizzle-orm';
import type { PeriodicJob } from '../../background/runner.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

/** How often the logged changes are folded together. */
const DEVICE_COUNTS_FOLD_EVERY_MS = 10_000;

/**
 * Replaces each log's rows by one row per key with their sum (keys that sum to nothing go), in the clouds
 * whose devices changed since the last fold (a key with more than one row); the others are not rewritten.
 * Rows that writers add meanwhile are not in this statement's snapshot and stay as they are.
 */
export async function foldDeviceCounts(db: Database): Promise<void> {
  await db.execute(sql`
    WITH folded AS (
      DELETE FROM device_count_log WHERE cloud_id IN (SELECT cloud_id FROM device_count_log
        GROUP BY cloud_id, product_type, status_id, health_id, fw HAVING count(*) > 1)
      RETURNING *
    )
    INSERT INTO device_count_log (cloud_id, product_type, status_id, health_id, fw, n)
    SELECT cloud_id, product_type, status_id, health_id, fw, sum(n) FROM folded
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0`);
  await db.execute(sql`
    WITH folded AS (
      DELETE FROM site_count_log WHERE cloud_id IN (SELECT cloud_id FROM site_count_log
        GROUP BY cloud_id, site_id HAVING count(*) > 1)
      RETURNING *
    )
    INSERT INTO site_count_log (cloud_id, site_id, total, critical, warning, offline)
    SELECT * FROM (
      SELECT cloud_id, site_id, sum(total) AS total, sum(critical) AS critical, sum(warning) AS warning,
        sum(offline) AS offline
      FROM folded GROUP BY 1, 2
    ) s WHERE total <> 0 OR critical <> 0 OR warning <> 0 OR offline <> 0`);
}

export type CountRow = { product_type: string; status_id: string; health_id: string; fw: string; n: number };
export type SiteCountRow = {
  id: number;
  name: string;
  total: number;
  critical: number;
  warning: number;
  offline: number;
};

/** The cloud's live devices by family, status, health and firmware. */
export function readDeviceCounts(db: Database, cloudId: number): Promise<CountRow[]> {
  return queryRows<CountRow>(
    db,
    sql`SELECT product_type, status_id, health_id, fw, sum(n)::int AS n FROM device_count_log
      WHERE cloud_id = ${cloudId} GROUP BY 1, 2, 3, 4 HAVING sum(n) > 0`,
  );
}

/** The live sites of the cloud with devices in trouble, worst first. */
export function readProblemSites(db: Database, cloudId: number, limit: number): Promise<SiteCountRow[]> {
  return queryRows<SiteCountRow>(
    db,
    sql`SELECT s.id, s.name, c.total, c.critical, c.warning, c.offline FROM (
        SELECT site_id, sum(total)::int AS total, sum(critical)::int AS critical, sum(warning)::int AS warning,
          sum(offline)::int AS offline
        FROM site_count_log WHERE cloud_id = ${cloudId} GROUP BY site_id
      ) c JOIN sites s ON s.id = c.site_id AND s.cloud_id = ${cloudId} AND s.deleted_at IS NULL
      WHERE c.critical + c.warning + c.offline > 0
      ORDER BY c.critical DESC, c.warning DESC, c.offline DESC, s.name LIMIT ${limit}`,
  );
}

/** The dashboards' background work (server/background/runner.ts runs it). */
export function dashboardJobs(db: Database): PeriodicJob[] {
  return [
    { name: 'device-counts-fold', everyMs: DEVICE_COUNTS_FOLD_EVERY_MS, run: () => foldDeviceCounts(db) },
  ];
}
