// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): the plans of the clients list's pages in a
// cloud of many clients (docs/clients.md#order). By host name, either way, a page is read from its index
// without sorting the cloud's clients; a site's page comes from the site's clients.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListQuery } from '../../../core/api/clients.ts';
import type { Access } from '../../../core/policy.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createCloud, createSite } from '../../test/factories.ts';
import { type ClientScope, pageQuery } from './repository.ts';

const CLIENTS = 60_000;
const SITES = 50;
let database: DatabaseHandle & { url?: string };
let client: pg.Client;
let cloudId: number;
let siteIds: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  if (!database.url) throw new Error('needs PostgreSQL');
  const { db } = database;
  cloudId = (await createCloud(db)).id;
  const other = await createCloud(db);
  siteIds = [];
  for (let n = 0; n < SITES; n++) siteIds.push((await createSite(db, cloudId)).id);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // Every seventh client never told its name; one in eleven has no reading. Loaded without the pool's
  // statement time limit.
  await client.query(
    `INSERT INTO wireless_clients (cloud_id, site_id, mac, ip, hostname, ssid, band, rssi, rx_bytes,
      tx_bytes, first_seen_at, last_seen_at)
    SELECT CASE WHEN g % 10 = 0 THEN $1::int ELSE $2::int END, ($3::int[])[1 + g % $4::int],
      lpad(to_hex(g), 12, '0'), '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1',
      CASE WHEN g % 7 = 0 THEN '' ELSE 'host-' || md5(g::text) END, 'Corp', '5',
      CASE WHEN g % 11 = 0 THEN NULL ELSE -40 - g % 50 END, g::bigint * 7919 % 100000000, g % 100000,
      now() - (g % 5000) * interval '1 minute', now() - (g % 3600) * interval '1 second'
    FROM generate_series(1, $5::int) g`,
    [other.id, cloudId, `{${siteIds.join(',')}}`, SITES, CLIENTS],
  );
  await client.query('ANALYZE wireless_clients');
}, 120_000);
afterAll(async () => {
  await client?.end();
  await database?.close();
});

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan of the page query the list runs for this caller and query. */
async function plan(query: Partial<ClientListQuery>) {
  const scope: ClientScope = { cloudId, access: OWNER, heartbeatIntervalS: 60 };
  const built = pageQuery(database.db, scope, {
    offset: 0,
    limit: 50,
    sort: 'lastSeen',
    order: 'desc',
    ...query,
  }).toSQL();
  const result = await client.query(`EXPLAIN (FORMAT JSON) ${built.sql}`, built.params);
  const [explained] = result.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[];
  return nodes((explained as { Plan: PlanNode }).Plan);
}
const kinds = (planned: PlanNode[]) => planned.map((node) => node['Node Type']);
const indexes = (planned: PlanNode[]) => planned.flatMap((node) => node['Index Name'] ?? []);

const OWNER: Access = { roleId: 'ROLE_OWNER', permissions: 0 };

describe('the clients list’s plans on PostgreSQL', () => {
  it('reads a page by host name from its index, either way, without sorting the cloud', async () => {
    for (const [order, index] of [
      ['asc', 'wireless_clients_cloud_hostname_idx'],
      ['desc', 'wireless_clients_cloud_hostname_desc_idx'],
    ] as const) {
      const planned = await plan({ sort: 'hostname', order });
      expect(indexes(planned), order).toContain(index);
      expect(kinds(planned), order).not.toContain('Sort');
    }
    const deep = await plan({ sort: 'hostname', order: 'desc', offset: 5_000 });
    expect(kinds(deep)).not.toContain('Sort');
  });

  it('reads one site’s page from the site’s clients, whatever the order', async () => {
    for (const sort of ['lastSeen', 'hostname', 'rssi', 'traffic'] as const) {
      const planned = await plan({ sort, site_id: siteIds[3] });
      expect(kinds(planned), sort).not.toContain('Seq Scan');
    }
  });
});
