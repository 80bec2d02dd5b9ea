// The network views of a 1,000-device site (docs/topology.md, docs/site-map.md): one site of a core switch,
// 40 access switches and 959 access points, each access point on a switch port, every link reported by
// LLDP from both ends, every device placed on the map. The real server runs in its own process, this
// process is the load generator, and headless Chromium runs in its own:
// - the topology and site map calls at an offered rate and at saturation, beside the same reads made by
//   the console's own code on the database in this process (the floor: no HTTP, no session check);
// - time to the drawn graph and to the map's markers in Chromium, beside the frame's floor page;
// - the page's layout of the site, alone, in this process.
// Run with `npm run bench -- network-view`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_RUNS           visits per page and cache state, default 5
//   BENCH_RATE           requests per second offered, default 20
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { productBrandsOfType } from '../core/product-catalogue.ts';
import { linkReportsOf, linkStates } from '../core/topology.ts';
import { siteTopology } from '../server/features/topology/repository.ts';
import { layoutTopology } from '../web/features/topology/components/layout.ts';
import { load, percentile } from './api-load.ts';
import { env, OPERATOR, open, seedOperator, signIn, startServer } from './fleet-server.ts';
import { floorTarget, measurePages } from './page-load.ts';

const DEVICES = 1000;
const SWITCHES = 40;
/** Device ids: 1 the core switch, 2..41 the access switches, the rest access points. */
const FIRST_AP = SWITCHES + 2;

/** The bench fleet as one site: the switches, the access points on their ports, LLDP from both ends. */
async function prepare(dataDir: string) {
  await seedOperator(dataDir, DEVICES);
  const database = await open(dataDir);
  const { db } = database;
  const switchBrand = productBrandsOfType('switch')[0];
  if (!switchBrand) throw new Error('The catalogue has no switch.');
  await db.execute(sql`UPDATE sites SET latitude = 47.5, longitude = 19.04 WHERE id = 1`);
  await db.execute(sql`
    UPDATE devices SET site_id = 1, status_id = 'STATUS_ONLINE',
      latitude = 47.5 + ((id * 7919) % 1000) / 200000.0, longitude = 19.04 + ((id * 104729) % 1000) / 150000.0`);
  await db.execute(sql`
    UPDATE devices SET product_type = 'switch', product_brand_id = ${switchBrand.productBrandId},
      product_id = ${switchBrand.productId}, name = 'Bench switch ' || id
    WHERE id < ${FIRST_AP}`);
  // An access point's switch and port; a switch's uplink is its port 25 to the core's port (its number).
  const apLinks = sql`
    SELECT ap.id AS ap_id, ap.mac AS ap_mac, ap.name AS ap_name, sw.id AS sw_id, sw.mac AS sw_mac,
      sw.name AS sw_name, ((ap.id - ${FIRST_AP}) / ${SWITCHES} + 1)::text AS port
    FROM devices ap JOIN devices sw ON sw.id = 2 + (ap.id - ${FIRST_AP}) % ${SWITCHES}
    WHERE ap.id >= ${FIRST_AP}`;
  await db.execute(sql`
    INSERT INTO lldp_neighbours (device_id, local_port, chassis_id, port_id, system_name, last_seen_at)
    SELECT ap_id, 'eth0', sw_mac, port, sw_name, now() FROM (${apLinks}) l
    UNION ALL SELECT sw_id, port, ap_mac, 'eth0', ap_name, now() FROM (${apLinks}) l
    UNION ALL SELECT sw.id, '25', core.mac, (sw.id - 1)::text, core.name, now()
      FROM devices sw, devices core WHERE core.id = 1 AND sw.id BETWEEN 2 AND ${SWITCHES + 1}
    UNION ALL SELECT 1, (sw.id - 1)::text, sw.mac, '25', sw.name, now()
      FROM devices sw WHERE sw.id BETWEEN 2 AND ${SWITCHES + 1}`);
  await db.execute(sql`
    UPDATE device_agents SET status_id = 'STATUS_ONLINE', last_heartbeat_at = now(),
      telemetry = CASE WHEN device_id < ${FIRST_AP} THEN jsonb_build_object('ports', (
        SELECT jsonb_agg(jsonb_build_object('port', p, 'link', true,
          'speedMbps', CASE WHEN p = 25 THEN 10000 ELSE 1000 END, 'poeW', 4 + p % 9, 'errors', 0,
          'rxBytes', 1000000 * p, 'txBytes', 400000 * p))
        FROM generate_series(1, 25) p)) ELSE '{}'::jsonb END`);
  // The switches' link reports, as their heartbeats write them (docs/topology.md#link-reports).
  const switchLinks = linkReportsOf({
    ports: Array.from({ length: 25 }, (_, index) => ({
      port: index + 1,
      link: true,
      speedMbps: index + 1 === 25 ? 10000 : 1000,
    })),
  });
  await db.execute(sql`
    INSERT INTO device_links (device_id, links, states)
    SELECT id, ${JSON.stringify(switchLinks)}::jsonb, ${linkStates(switchLinks)} FROM devices
    WHERE id < ${FIRST_AP}`);
  await db.execute(sql`VACUUM (ANALYZE)`);
  await database.close();
}

const ms = (value: number) => value.toFixed(1);

/** p50 / p95 / p99 of `total` calls of `path`: at the offered rate, then at saturation (8 connections). */
async function apiCall(url: string, headers: Record<string, string>, path: string, rate: number) {
  const send = () => fetch(`${url}${path}`, { headers });
  await load(send, 8, 40);
  for (const [label, concurrency, total, offered] of [
    [`${rate} req/s offered`, 8, rate * 15, rate],
    ['saturation, 8 connections', 8, 400, undefined],
  ] as const) {
    const result = await load(send, concurrency, total, offered);
    const sorted = result.latencies;
    console.log(
      `| ${path} | ${label} | ${Math.round(total / result.seconds)} | ${ms(percentile(sorted, 50))} | ` +
        `${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} |${result.failures > 0 ? ` ${result.failures} failed` : ''}`,
    );
  }
}

/** The same topology read by the console's code on the database, without HTTP: the floor. */
async function topologyFloor(dataDir: string, runs: number) {
  const database = await open(dataDir);
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await siteTopology(database.db, 1, 1, 60);
      times.push(performance.now() - started);
    }
  } finally {
    await database.close();
  }
  times.sort((a, b) => a - b);
  console.log(
    `floor, the topology read in this process on the database (${runs} runs): p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`,
  );
}

/** The page's layout of the site (web/features/topology/components/layout.ts), in Node: its share of the page. */
async function layoutTime(dataDir: string, runs: number) {
  const database = await open(dataDir);
  const { models, nodes, edges } = await siteTopology(database.db, 1, 1, 60).finally(() => database.close());
  const laidOut = nodes.map((node) => ({ id: node.id, family: models[node.model]?.family ?? '' }));
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    layoutTopology(laidOut, edges);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `the page's layout of the site in Node (${runs} runs): p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`,
  );
}

export async function runNetworkView(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-network-'));
  const runs = Number(env('BENCH_RUNS', '5'));
  const rate = Number(env('BENCH_RATE', '20'));
  await prepare(dataDir);
  const server = await startServer(dataDir);
  try {
    console.log(
      `one site of ${DEVICES} devices (${SWITCHES + 1} switches, ${DEVICES - SWITCHES - 1} access points, ` +
        `${2 * (DEVICES - 1)} LLDP reports), load average ${loadavg()[0]?.toFixed(2)} before`,
    );
    const headers = await signIn(server.url);
    console.log('| call | load | req/s | p50 ms | p95 ms | p99 ms |');
    console.log('|---|---|---|---|---|---|');
    await apiCall(server.url, headers, '/apiv2/cloud/1/sites/1/topology', rate);
    await apiCall(server.url, headers, '/apiv2/cloud/1/sites/1/map', rate);
    // The floor of an HTTP call: the same path through the session and cloud checks, a one-row answer.
    await apiCall(server.url, headers, '/apiv2/cloud/1/sites/1', rate);
    await measurePages(
      server.url,
      OPERATOR,
      [
        floorTarget(1),
        {
          name: 'topology (the first device drawn after the layout)',
          path: '/v2/cloud/1/site/1/topology',
          content: (page) => page.locator('.react-flow__node'),
        },
        {
          name: 'site map (the first marker or cluster drawn)',
          path: '/site/1/google-map',
          content: (page) => page.locator('.site-map-marker'),
        },
      ],
      runs,
    );
    console.log(`load average ${loadavg()[0]?.toFixed(2)} after`);
  } finally {
    await server.stop();
  }
  await topologyFloor(dataDir, 200);
  await layoutTime(dataDir, 50);
  rmSync(dataDir, { recursive: true, force: true });
}
