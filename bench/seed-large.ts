// A large cloud for the API benchmarks: 1,000 sites, 100,000 devices, 200,000 wireless clients, about
// 50,000 history rows, 20,000 alerts of the last 7 days and 5,000 tasks with their targets, written with
// INSERT ... SELECT generate_series so seeding takes seconds. Run with `npm run bench -- seed-large`.
// PGlite data dir BENCH_DATA_DIR (default data/bench), or PostgreSQL when BENCH_DATABASE_URL is set.
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { ALERT_TYPES, HEALTH_IDS, TASK_STATES, TASK_TYPES } from '../core/domain.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../server/db/connect.ts';

export const BENCH_OWNER_EMAIL = 'bench-owner@bench.example';
export const BENCH_PASSWORD = 'bench-console';
export const BENCH_CLOUD_NAME = 'Bench Networks';

export const BENCH_SIZES = {
  sites: 1_000,
  devicesPerSite: 100,
  clients: 200_000,
  alerts: 20_000,
  tasks: 5_000,
};

/** The benchmark database: PostgreSQL when BENCH_DATABASE_URL is set, else the PGlite data dir. */
/** The bench database; seeding runs statements far longer than a request may (statementTimeoutMs). */
export function openBenchDatabase(statementTimeoutMs?: number): Promise<DatabaseHandle> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, poolSize: 10, statementTimeoutMs });
  return openDatabase({ kind: 'pglite', dataDir: benchDataDir() });
}

export function benchDataDir(): string {
  return resolve(process.env.BENCH_DATA_DIR || 'data/bench');
}

/** The bench cloud, its owner, and a site and device of it in the middle of the fleet. */
export async function findBenchCloud(
  db: Database,
): Promise<{ cloudId: number; ownerId: number; siteId: number; deviceId: number } | null> {
  const rows = await query<{ cloud_id: number; user_id: number; site_id: number; device_id: number }>(
    db,
    `SELECT m.cloud_id, m.user_id,
       (SELECT min(id) + 500 FROM sites WHERE cloud_id = c.id) AS site_id,
       (SELECT min(id) + 50000 FROM devices WHERE cloud_id = c.id) AS device_id
     FROM users u JOIN memberships m ON m.user_id = u.id
     JOIN clouds c ON c.id = m.cloud_id
     WHERE lower(u.email) = '${BENCH_OWNER_EMAIL}' AND c.name = '${BENCH_CLOUD_NAME}'`,
  );
  const row = rows[0];
  return row
    ? {
        cloudId: Number(row.cloud_id),
        ownerId: Number(row.user_id),
        siteId: Number(row.site_id),
        deviceId: Number(row.device_id),
      }
    : null;
}

async function query<T>(db: Database, text: string): Promise<T[]> {
  const result = await db.execute(sql.raw(text));
  return (result as unknown as { rows: T[] }).rows;
}

const list = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

const CITIES = list(['Austin', 'Boston', 'Denver', 'Fresno', 'Lisbon', 'Madrid', 'Osaka', 'Oslo', 'Perth']);
const STREETS = list(['Main Street', 'Harbor Road', 'Elm Avenue', 'Mill Lane', 'Ridge Way', 'Park Drive']);
const AREAS = list(['Lobby', 'Reception', 'Floor 1', 'Floor 2', 'Dock', 'Storage', 'Cafeteria', 'Hallway']);
const PERSONAL = list([
  'laptop',
  'iphone',
  'ipad',
  'galaxy',
  'pixel',
  'macbook',
  'desktop',
  'watch',
  'printer',
]);
const PEOPLE = list(['anna', 'ben', 'carla', 'david', 'elena', 'farid', 'grace', 'hiro', 'ines', 'jonas']);
const FIRST = list(['Alex', 'Maria', 'Sam', 'Priya', 'Chen', 'Olga', 'Tomas', 'Wen', 'Liam', 'Rosa']);
const LAST = list(['Smith', 'Garcia', 'Kowalski', 'Tanaka', 'Okafor', 'Novak', 'Silva', 'Berg']);

// Device kinds by position in a site: 0-5 access points, then a switch, a PtMP radio, a mesh unit, a gateway.
const KIND = `(ARRAY['wifi','wifi','wifi','wifi','wifi','wifi','switch','ptmp','mesh','gateway'])[1 + n % 10]`;
const HOST = `(ARRAY['ap','ap','ap','ap','ap','ap','sw','pmp','mesh','gw'])[1 + n % 10]`;
const LABEL = `(ARRAY['AP','AP','AP','AP','AP','AP','Switch','Subscriber','Mesh Node','Gateway'])[1 + n % 10]`;
const SERIAL = `(ARRAY['WA','WA','WA','WA','WA','WA','SW','PM','MS','GW'])[1 + n % 10]`;
const hex = (expr: string) => `lpad(to_hex((${expr})::int), 2, '0')`;

function statements(cloudId: number, ownerId: number): string[] {
  // Ids of one INSERT are consecutive: a site's or device's id is the cloud's first id plus its number.
  const firstSite = `(SELECT min(id) FROM sites WHERE cloud_id = ${cloudId})`;
  const firstDevice = `(SELECT min(id) FROM devices WHERE cloud_id = ${cloudId})`;
  const sites = BENCH_SIZES.sites;
  const devices = sites * BENCH_SIZES.devicesPerSite;
  return [
    `INSERT INTO memberships (user_id, cloud_id, role_id, permissions) VALUES (${ownerId}, ${cloudId}, 'ROLE_OWNER', 15)`,
    // Fifty more members with every role, for user search.
    `INSERT INTO users (email, password_hash, firstname, lastname)
     SELECT format('bench-user-%s@bench.example', i), 'no login', (${FIRST})[1 + i % 10], (${LAST})[1 + i % 8]
     FROM generate_series(1, 50) i`,
    `INSERT INTO memberships (user_id, cloud_id, role_id, permissions)
     SELECT id, ${cloudId}, (ARRAY['ROLE_ADMIN','ROLE_GUEST','ROLE_USER'])[1 + id % 3], 8
     FROM users WHERE email LIKE 'bench-user-%@bench.example'`,
    `INSERT INTO sites (cloud_id, name, location, updated_at, deleted_at)
     SELECT ${cloudId}, format('Branch %s %s', lpad(s::text, 4, '0'), (${CITIES})[1 + s % 9]),
       format('%s %s, %s', 10 + s, (${STREETS})[1 + s % 6], (${CITIES})[1 + s % 9]),
       now() - (s % 500) * interval '1 hour',
       CASE WHEN s % 250 = 125 THEN now() - interval '3 days' END
     FROM generate_series(0, ${sites - 1}) s`,
    // Device i is the n-th (1-based) of site i / 100. The MAC's low 3 bytes come from a bijection of i.
    `INSERT INTO devices (cloud_id, site_id, name, hostname, mac, ip, sn, product_brand_id, product_id,
       product_type, fw, health_id, status_id, last_seen_at, updated_at, deleted_at)
     SELECT ${cloudId}, ${firstSite} + site, format('B%s %s %s %s', lpad(site::text, 4, '0'),
         (${AREAS})[1 + n % 8], ${LABEL}, lpad(n::text, 2, '0')),
       format('%s-b%s-%s', ${HOST}, lpad(site::text, 4, '0'), lpad(n::text, 2, '0')),
       format('02:4c:%s:%s:%s:%s', ${hex('16 + n % 10')}, ${hex('(h >> 16) & 255')}, ${hex('(h >> 8) & 255')},
         ${hex('h & 255')}),
       format('10.%s.%s.%s', (i + 257) / 65536, ((i + 257) / 256) % 256, (i + 257) % 256),
       ${SERIAL} || (21000000 + i * 37)::text, 1, 1, ${KIND},
       (ARRAY['7.2.1-4012','7.2.1-4012','7.2.0-3988','7.1.4-3920','6.9.0-3001'])[1 + i % 5],
       (${list(HEALTH_IDS)})[1 + (i * 7) % 4],
       CASE WHEN i % 20 = 0 THEN 'STATUS_OFFLINE' ELSE 'STATUS_ONLINE' END,
       now() - (i % 300) * interval '1 second',
       now() - ((i * 7919) % 100000) * interval '1 minute',
       CASE WHEN i % 200 = 199 THEN now() - ((i % 30) + 1) * interval '1 day' END
     FROM (SELECT i, i / 100 AS site, i % 100 + 1 AS n, (i::bigint * 2654435761) % 16777216 AS h
           FROM generate_series(0, ${devices - 1}) i) d`,
    `INSERT INTO wireless_clients (cloud_id, site_id, device_id, mac, ip, hostname, ssid, band, rssi,
       first_seen_at, last_seen_at)
     SELECT ${cloudId}, ${firstSite} + dev / 100, ${firstDevice} + dev,
       format('%s:%s:%s:%s:%s:%s', substr(m, 1, 2), substr(m, 3, 2), substr(m, 5, 2), substr(m, 7, 2),
         substr(m, 9, 2), substr(m, 11, 2)),
       format('172.%s.%s.%s', 16 + i / 65536, (i / 256) % 256, i % 256),
       format('%s-%s', (${PERSONAL})[1 + i % 9], (${PEOPLE})[1 + (i / 9) % 10]) ||
         CASE WHEN i % 3 = 0 THEN '-' || (i % 1000)::text ELSE '' END,
       (ARRAY['BenchNet','BenchNet-Guest'])[1 + i % 2], (ARRAY['2.4','5'])[1 + i % 2], -40 - i % 45,
       now() - interval '30 days', now() - ((i::bigint * 104729) % 10080) * interval '1 minute'
     FROM (SELECT i, (i * 7) % ${devices} AS dev, md5(i::text) AS m
           FROM generate_series(0, ${BENCH_SIZES.clients - 1}) i) c`,
    // History: former device names and addresses, client MACs and addresses seen elsewhere, former site names.
    `INSERT INTO object_history (cloud_id, site_id, object_type, object_id, field, value, valid_from, valid_to)
     SELECT ${cloudId}, site_id, 'device', id, 'name', 'AP ' || upper(right(mac, 5)),
       created_at - interval '400 days', now() - (id % 300 + 1) * interval '1 day'
     FROM devices WHERE cloud_id = ${cloudId} AND id % 7 = 0`,
    `INSERT INTO object_history (cloud_id, site_id, object_type, object_id, field, value, valid_from, valid_to)
     SELECT ${cloudId}, site_id, 'device', id, 'ip', format('10.200.%s.%s', (id / 250) % 250, id % 250 + 1),
       created_at - interval '200 days', now() - (id % 60 + 1) * interval '1 day'
     FROM devices WHERE cloud_id = ${cloudId} AND id % 10 = 3`,
    `INSERT INTO object_history (cloud_id, site_id, object_type, object_id, field, value, valid_from, valid_to)
     SELECT ${cloudId}, ${firstSite} + (site_id - ${firstSite} + 1) % ${sites}, 'client', id, 'mac', mac,
       now() - interval '60 days', now() - (id % 25 + 5) * interval '1 day'
     FROM wireless_clients WHERE cloud_id = ${cloudId} AND id % 13 = 0`,
    `INSERT INTO object_history (cloud_id, site_id, object_type, object_id, field, value, valid_from, valid_to)
     SELECT ${cloudId}, site_id, 'client', id, 'ip', format('192.168.%s.%s', (id / 250) % 250, id % 250 + 2),
       now() - interval '40 days', now() - (id % 20 + 1) * interval '1 day'
     FROM wireless_clients WHERE cloud_id = ${cloudId} AND id % 25 = 0`,
    `INSERT INTO object_history (cloud_id, site_id, object_type, object_id, field, value, valid_from, valid_to)
     SELECT ${cloudId}, id, 'site', id, 'name', 'Old ' || name, now() - interval '700 days',
       now() - (id % 300 + 30) * interval '1 day'
     FROM sites WHERE cloud_id = ${cloudId}`,
    // Alerts spread over the last 7 days, newest first.
    `INSERT INTO alerts (cloud_id, site_id, device_id, alert_type, alert_data1, health_id, problem_at, resolved_at)
     SELECT ${cloudId}, ${firstSite} + dev / 100, ${firstDevice} + dev, (${list(ALERT_TYPES)})[1 + i % ${ALERT_TYPES.length}],
       'bench', (ARRAY['HEALTH_WARNING','HEALTH_CRITICAL'])[1 + i % 2],
       now() - i * interval '30 seconds', CASE WHEN i % 3 = 0 THEN now() - i * interval '20 seconds' END
     FROM (SELECT i, (i * 37) % ${devices} AS dev FROM generate_series(0, ${BENCH_SIZES.alerts - 1}) i) a`,
    // Tasks every 2 minutes; the newest 5% are still running or pending.
    `INSERT INTO tasks (cloud_id, type_id, task_state, site_id, device_id, created_by_user_id, execute_at,
       completed_at)
     SELECT ${cloudId}, (${list(TASK_TYPES)})[1 + i % ${TASK_TYPES.length}], state,
       ${firstSite} + dev / 100, CASE WHEN i % 10 = 0 THEN ${firstDevice} + dev END, ${ownerId},
       now() - i * interval '2 minutes',
       CASE WHEN state IN ('TASK_SUCCESS','TASK_FAIL','TASK_TIMEOUT','TASK_CANCELED')
         THEN now() - i * interval '2 minutes' + interval '90 seconds' END
     FROM (SELECT i, (i * 101) % ${devices} AS dev,
             CASE WHEN i < ${BENCH_SIZES.tasks / 20} THEN (${list(TASK_STATES.slice(0, 4))})[1 + i % 4]
               ELSE (ARRAY['TASK_SUCCESS','TASK_SUCCESS','TASK_SUCCESS','TASK_FAIL','TASK_TIMEOUT',
                 'TASK_CANCELED'])[1 + i % 6] END AS state
           FROM generate_series(0, ${BENCH_SIZES.tasks - 1}) i) t`,
    // 30 days of hourly clients and traffic per site and for the whole cloud (site 0), as the rollups
    // write them.
    `INSERT INTO site_metrics_hourly (cloud_id, site_id, hour, devices, clients, rx_bytes, tx_bytes)
     SELECT ${cloudId}, site, hour, CASE WHEN site = 0 THEN ${devices} ELSE 100 END,
       (CASE WHEN site = 0 THEN ${sites} ELSE 1 END) * (120 + 80 * sin(extract(hour FROM hour) / 24 * 2 * pi())),
       (CASE WHEN site = 0 THEN ${sites} ELSE 1 END) * 4000000000::bigint,
       (CASE WHEN site = 0 THEN ${sites} ELSE 1 END) * 900000000::bigint
     FROM generate_series(date_trunc('hour', now()) - interval '30 days', date_trunc('hour', now()) - interval '1 hour',
       interval '1 hour') hour,
       (SELECT 0 AS site UNION ALL SELECT id FROM sites WHERE cloud_id = ${cloudId}) s`,
    // The alerts counted per site and hour, as the hourly rollup keeps them, up to the current hour.
    `INSERT INTO site_alerts_hourly (cloud_id, site_id, hour, critical, warning)
     SELECT cloud_id, CASE WHEN GROUPING(site_id) = 1 THEN 0 ELSE site_id END, date_trunc('hour', problem_at),
       count(*) FILTER (WHERE health_id = 'HEALTH_CRITICAL'), count(*) FILTER (WHERE health_id = 'HEALTH_WARNING')
     FROM alerts WHERE cloud_id = ${cloudId} AND problem_at < date_trunc('hour', now())
     GROUP BY GROUPING SETS ((cloud_id, date_trunc('hour', problem_at), site_id), (cloud_id, date_trunc('hour', problem_at)))
     HAVING GROUPING(site_id) = 1 OR site_id IS NOT NULL`,
    `INSERT INTO server_settings (key, value)
     VALUES ('metrics_rolled_up_to', to_jsonb(to_char(date_trunc('hour', now()) AT TIME ZONE 'UTC',
       'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    // Every task targets 1 to 10 devices; each target has the task's state.
    `INSERT INTO task_targets (task_id, device_id, state, updated_at)
     SELECT t.id, ${firstDevice} + (t.id * 101 + k * 1009) % ${devices}, t.task_state, t.execute_at
     FROM tasks t, generate_series(0, t.id % 10) k WHERE t.cloud_id = ${cloudId}`,
  ];
}

export async function seedLarge(db: Database): Promise<{ cloudId: number; ownerId: number }> {
  if (await findBenchCloud(db)) throw new Error('This database already holds the bench cloud.');
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const [owner] = await query<{ id: number }>(
    db,
    `INSERT INTO users (email, password_hash, firstname, lastname)
     VALUES ('${BENCH_OWNER_EMAIL}', '${passwordHash}', 'Bench', 'Owner') RETURNING id`,
  );
  const [cloud] = await query<{ id: number }>(
    db,
    `INSERT INTO clouds (name, plan_type) VALUES ('${BENCH_CLOUD_NAME}', 'intro') RETURNING id`,
  );
  const cloudId = Number(cloud?.id);
  const ownerId = Number(owner?.id);
  for (const statement of statements(cloudId, ownerId)) await query(db, statement);
  await query(db, 'VACUUM (ANALYZE)');
  return { cloudId, ownerId };
}

export async function runSeedLarge(): Promise<void> {
  const database = await openBenchDatabase(15 * 60_000);
  try {
    const where = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : benchDataDir();
    const existing = await findBenchCloud(database.db);
    if (existing) {
      console.log(`${where} already holds the bench cloud (${existing.cloudId}): nothing to seed`);
      return;
    }
    const startedAt = performance.now();
    const { cloudId } = await seedLarge(database.db);
    const counts = await query<Record<string, number>>(
      database.db,
      `SELECT (SELECT count(*) FROM sites WHERE cloud_id = ${cloudId})::int AS sites,
         (SELECT count(*) FROM devices WHERE cloud_id = ${cloudId})::int AS devices,
         (SELECT count(*) FROM wireless_clients WHERE cloud_id = ${cloudId})::int AS clients,
         (SELECT count(*) FROM object_history WHERE cloud_id = ${cloudId})::int AS history,
         (SELECT count(*) FROM alerts WHERE cloud_id = ${cloudId})::int AS alerts,
         (SELECT count(*) FROM tasks WHERE cloud_id = ${cloudId})::int AS tasks,
         (SELECT count(*) FROM task_targets)::int AS task_targets`,
    );
    console.log(`seeded cloud ${cloudId} in ${where} in ${Math.round(performance.now() - startedAt)} ms`);
    console.log(counts[0]);
  } finally {
    await database.close();
  }
}
