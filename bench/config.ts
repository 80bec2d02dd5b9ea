// Configuration (docs/configuration.md). Three parts:
// - In this process: the effective configuration of one device (merge, variables, validation) and of a
//   1,000-device site (each device resolved and its drift computed), beside the floor of copying the
//   same documents (structuredClone).
// - The site's config page of a 1,000-device site in headless Chromium (the built web app, `npx vite build`
//   first), the real server in its own process: time to the first kind's form, beside the frame's floor
//   in the same run (bench/page-load.ts measurePages).
// - A site change applied to N access points of one kind: the real server in its own process, the devices
//   in another (bench/tasks-devices.ts, answering each command at once), this process as the operator:
//   PUT the draft, POST apply (canary 100, batches of 1,000), until every device reported it applied. The
//   floor beside it, after the server stops: the same apply made by the console's own code on the
//   database, without HTTP.
// Run with `npm run bench -- config`; the page part alone with `npm run bench -- config-page`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_DEVICES        devices of the site the change is applied to, default 10000
//   BENCH_RUNS           visits of the config page and of its floor per cache state, default 10
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { defaultDocument } from '../core/config/defaults.ts';
import type { ConfigDocuments } from '../core/config/document.ts';
import { changesBetween, type Json } from '../core/config/tree.ts';
import { queryRows } from '../server/db/rows.ts';
import { applySite, type Caller, resolveDevice } from '../server/features/config/apply.ts';
import { type DeviceRow, findSite, siteDevices, siteTypes } from '../server/features/config/repository.ts';
import { configSecretKey, secretBox } from '../server/features/config/seal.ts';
import { env, OPERATOR, open, seedOperator, signIn, startServer } from './fleet-server.ts';
import { floorTarget, measurePages } from './page-load.ts';
import { pollsTaken, startDevices } from './tasks.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => `${value.toFixed(3)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

/** A site's Wi-Fi 6 document with four WLANs, one of them using a variable. */
function siteDocument(vlan: number): ConfigDocuments['wifi6'] {
  const document = defaultDocument('wifi6', 'US', 'America/Chicago');
  const wlan = (id: string, ssid: string) => ({
    id,
    ssid,
    enabled: true,
    hidden: false,
    bands: ['2.4', '5'] as ('2.4' | '5')[],
    security: 'wpa2-psk' as const,
    passphrase: `${id}-bench-passphrase`,
    management_frame_protection: 'optional' as const,
    radius_servers: [],
    vlan_id: vlan,
    client_isolation: false,
    band_steering: true,
    rate_limit_kbps: null,
    schedule: null,
  });
  return {
    ...document,
    wifi6_wireless: {
      ...document.wifi6_wireless,
      wlans: [
        wlan('corp', 'Corp'),
        wlan('guest', 'Guest {{site_code}}'),
        wlan('iot', 'IoT'),
        wlan('voice', 'Voice'),
      ],
    },
  };
}

const device = (id: number, overrides: Record<string, Json>): DeviceRow => ({
  id,
  name: `AP ${id}`,
  site_id: 1,
  config_type: 'wifi6',
  inherit: true,
  fw: '7.2.1-4012',
  allow_config: true,
  suspend_config: false,
  skip_reason: null,
  overrides,
  draft: null,
  variables: {},
  revision_id: null,
  console_hash: null,
  applied_hash: null,
  running: null,
  running_received_at: null,
  suspend_reason: null,
});

function inProcess() {
  const site = {
    document: siteDocument(20) as unknown as Record<string, Json>,
    variables: { site_code: 'HQ' },
  };
  const devices = Array.from({ length: 1000 }, (_, n) =>
    device(n + 1, n % 9 === 0 ? { wifi6_wireless: { radios: [{ band: '5', channel: 44 }] } } : {}),
  );
  const one: number[] = [];
  const copy: number[] = [];
  for (let run = 0; run < 5000; run++) {
    const target = devices[run % devices.length] as DeviceRow;
    let started = performance.now();
    resolveDevice(target, site);
    one.push(performance.now() - started);
    started = performance.now();
    structuredClone(site.document);
    copy.push(performance.now() - started);
  }
  one.sort((a, b) => a - b);
  copy.sort((a, b) => a - b);
  console.log(
    `one device's effective configuration (merge, variables, validation), 5,000 runs: p50 ${ms(percentile(one, 0.5))}, p95 ${ms(percentile(one, 0.95))}; floor (a copy of the document) p95 ${ms(percentile(copy, 0.95))}`,
  );
  let started = performance.now();
  for (const target of devices) {
    const resolved = resolveDevice(target, site);
    changesBetween(resolveDevice(target, site, false).sent, resolved.sent);
  }
  const whole = performance.now() - started;
  started = performance.now();
  for (const _ of devices) structuredClone(site.document);
  console.log(
    `a 1,000-device site, every device resolved and compared: ${ms(whole)}; floor (1,000 copies) ${ms(performance.now() - started)}`,
  );
}

const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

async function call(
  url: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: object,
) {
  const response = await fetch(`${url}/apiv2/cloud/1${path}`, {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** The bench fleet as one site of inheriting Wi-Fi 6 access points, all online. */
async function prepare(dataDir: string, devices: number) {
  await seedOperator(dataDir, devices);
  const database = await open(dataDir);
  await database.db.execute(sql`
    UPDATE devices SET site_id = 1, config_type = 'wifi6', type = 'NET_ENTERPRISE', status_id = 'STATUS_ONLINE'`);
  await database.db.execute(sql`UPDATE sites SET config_variables = '{"site_code":"HQ"}' WHERE id = 1`);
  await database.close();
}

/** A 1,000-device site: Wi-Fi 6 access points and every tenth device a switch, each kind's document applied. */
async function preparePageSite(dataDir: string) {
  await prepare(dataDir, 1000);
  const database = await open(dataDir);
  const { db } = database;
  const secrets = secretBox(configSecretKey(process.env.CONFIG_SECRET_KEY ?? null, dataDir));
  await db.execute(sql`UPDATE devices SET config_type = 'switch' WHERE id % 10 = 0`);
  const applied = { wifi6: siteDocument(20), switch: defaultDocument('switch', 'US', 'America/Chicago') };
  for (const [type, document] of Object.entries(applied)) {
    await db.execute(sql`
      WITH revision AS (
        INSERT INTO config_revisions (cloud_id, site_id, config_type, kind, document)
        VALUES (1, 1, ${type}, 'apply', ${JSON.stringify(secrets.seal(document as unknown as Json))}::jsonb)
        RETURNING id)
      INSERT INTO site_configs (site_id, config_type, revision_id) SELECT 1, ${type}, id FROM revision`);
  }
  await database.close();
}

/** The site's config page in headless Chromium, cold, warm and over 4G, beside the frame's floor. */
async function configPage(dataDir: string) {
  await preparePageSite(dataDir);
  const runs = Number(env('BENCH_RUNS', '10'));
  const server = await startServer(dataDir);
  try {
    console.log(
      `the config page of a 1,000-device site (900 Wi-Fi 6 access points, 100 switches), ${runs} visits per ` +
        `page and cache state, load average ${loadavg()[0]?.toFixed(2)} before`,
    );
    await measurePages(
      server.url,
      OPERATOR,
      [
        floorTarget(1),
        {
          name: "site config page (the first kind's first field shown)",
          path: '/site/1/config',
          // The first field of the first kind's card (Wi-Fi 6: its 2.4 GHz radio), above the fold.
          content: (page) => page.getByText('Channel width (MHz)'),
        },
      ],
      runs,
    );
    console.log(`load average ${loadavg()[0]?.toFixed(2)} after`);
  } finally {
    await server.stop();
  }
}

/** The config page part alone: `npm run bench -- config-page`. */
export async function runConfigPage(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-config-'));
  await configPage(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
}

/** The same apply by the console's own code on the database: its database and CPU part, without HTTP. */
async function floor(dataDir: string) {
  const database = await open(dataDir);
  const { db } = database;
  const secrets = secretBox(configSecretKey(process.env.CONFIG_SECRET_KEY ?? null, dataDir));
  await db.execute(sql`
    UPDATE site_configs SET draft = (SELECT document FROM config_revisions ORDER BY id LIMIT 1) WHERE site_id = 1`);
  const started = performance.now();
  const site = await findSite(db, 1, 1);
  const [row] = (await siteTypes(db, secrets, 1)).filter((type) => type.draft);
  if (!site || !row) throw new Error('no draft to apply');
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE email = 'operator@bench.example'`,
  );
  const caller: Caller = {
    db,
    secrets,
    actor: { userId: null, ip: null },
    cloudId: 1,
    userId: user?.id ?? 0,
  };
  await applySite(
    caller,
    site,
    [
      {
        type: 'wifi6',
        document: row.draft as Record<string, Json>,
        before: row.applied,
        parentId: row.revision_id,
        devices: await siteDevices(db, secrets, 1, 'wifi6'),
      },
    ],
    { kind: 'apply', canary_size: 100, batch_size: 1000 },
  );
  const elapsed = performance.now() - started;
  await database.close();
  return elapsed;
}

export async function runConfig(): Promise<void> {
  inProcess();
  const devices = Number(env('BENCH_DEVICES', '10000'));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-config-'));
  await configPage(dataDir);
  await prepare(dataDir, devices);
  const server = await startServer(dataDir, { HEARTBEAT_INTERVAL_S: '3600' });
  const headers = await signIn(server.url);
  const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${kind}, ${devices} devices on one site, load average ${loadavg()[0]?.toFixed(2)} before`);
  const fleet = startDevices(server.url, devices, 0, 0);
  await fleet.polling;
  await pollsTaken(server.url);
  await call(server.url, headers, 'PUT', '/sites/1/config', { documents: { wifi6: siteDocument(30) } });
  const started = Date.now();
  const applied = await call(server.url, headers, 'POST', '/sites/1/config/apply', {
    canary_size: 100,
    batch_size: 1000,
  });
  const answered = Date.now();
  const taskId = (applied.task_ids as number[]).at(-1);
  let task: { task_state: string; stateCounts: Record<string, number> };
  for (;;) {
    task = (await call(server.url, headers, 'GET', `/tasks/${taskId}?limit=1`)).task as typeof task;
    if (!['TASK_PENDING', 'TASK_STANDBY', 'TASK_WAIT_ACK', 'TASK_RUNNING'].includes(task.task_state)) break;
    if (Date.now() - started > 600_000) break;
    await sleep(200);
  }
  const finished = Date.now();
  const seen = await fleet.stop();
  console.log(`a site change applied to ${devices} Wi-Fi 6 access points (canary 100, batches of 1,000):`);
  console.log(
    `  POST apply answered in ${seconds(answered - started)} (the revision, ${devices} documents checked, hashed and stored with their targets)`,
  );
  console.log(
    `  ${task.task_state} after ${seconds(finished - started)}: every device reported it applied its document (${JSON.stringify(task.stateCounts)}; ${seen.arrived} commands arrived)`,
  );
  await server.stop();
  console.log(
    `floor: the same apply by the console's code on the database: ${seconds(await floor(dataDir))}`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}
