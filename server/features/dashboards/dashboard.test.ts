// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../core/api/dashboards.ts';
import { queryRows } from '../../db/rows.ts';
import { tasks } from '../../db/schema/activity.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { siteFilters } from '../../db/schema/inventory.ts';
import { ensureMetricPartitions, rollupMetrics, writeMetricSamples } from '../../fleet/metric-store.ts';
import { adoptDevice } from '../../fleet/test-fleet.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { createAlertCloud, hoursAgo, raiseAlert } from '../alerts/test-cloud.ts';
import { foldDeviceCounts } from './device-counts.ts';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createAlertCloud>>;

const HOUR = 3_600_000;
const sample = (clients: number, rxBytes: number) => ({
  cpu: 10,
  mem: 40,
  temp: null,
  power: null,
  clients,
  clients24: null,
  clients5: null,
  clients60: null,
  util24: null,
  util5: null,
  util60: null,
  noise24: null,
  noise5: null,
  noise60: null,
  rxBytes,
  txBytes: 5,
  linkRssi: null,
  linkSnr: null,
  linkCapacity: null,
  clients6: null,
  util6: null,
  noise6: null,
  retries: null,
  linkRemoteRssi: null,
  linkRemoteSnr: null,
  linkMcs: null,
  linkUp: null,
  wanLatency: null,
  wanLoss: null,
  errors: null,
  powerBudget: null,
});

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createAlertCloud(t);
  const { cloud, sites, northAp, southSwitch } = fixture;
  const db = t.database.db;
  // North: the access point (normal, online) and two more in trouble; South: the switch and one warning.
  await createDevice(db, cloud.id, sites.north.id, {
    healthId: 'HEALTH_CRITICAL',
    statusId: 'STATUS_OFFLINE',
    fw: '7.2.0-3988',
  });
  await createDevice(db, cloud.id, sites.north.id, {
    healthId: 'HEALTH_CRITICAL',
    statusId: 'STATUS_ONLINE',
    fw: '7.2.1-4012',
  });
  await createDevice(db, cloud.id, sites.south.id, {
    productType: 'switch',
    healthId: 'HEALTH_WARNING',
    statusId: 'STATUS_ONLINE',
    fw: '1.5.2-77',
  });
  // Gone devices count nowhere.
  await createDevice(db, cloud.id, sites.north.id, { decomm: true, healthId: 'HEALTH_CRITICAL' });
  await createDevice(db, cloud.id, sites.north.id, { deletedAt: new Date(), healthId: 'HEALTH_CRITICAL' });

  // Two hours ago the access point had 4 clients and the switch 0; an hour later 6 and 0.
  const [north, south] = [
    await adoptDevice(t, northAp, northAp.productBrandId),
    await adoptDevice(t, southSwitch, southSwitch.productBrandId),
  ];
  expect([north, south].every(Boolean)).toBe(true);
  const agents = await queryRows<{ id: number; device_id: number }>(
    db,
    sql`SELECT id, device_id FROM device_agents WHERE device_id IN (${northAp.id}, ${southSwitch.id})`,
  );
  const agentOf = (deviceId: number) => agents.find((agent) => agent.device_id === deviceId)?.id as number;
  const twoHoursAgo = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
  await ensureMetricPartitions(db, new Date(twoHoursAgo));
  await writeMetricSamples(db, [
    { agentId: agentOf(northAp.id), at: new Date(twoHoursAgo + 60_000), sample: sample(4, 1000) },
    { agentId: agentOf(northAp.id), at: new Date(twoHoursAgo + HOUR + 60_000), sample: sample(6, 3000) },
    { agentId: agentOf(southSwitch.id), at: new Date(twoHoursAgo + 60_000), sample: sample(0, 500) },
  ]);
  await db.execute(
    sql`UPDATE devices SET status_id = 'STATUS_ONLINE', health_id = 'HEALTH_NORMAL', fw = '7.2.1-4012'
      WHERE id IN (${northAp.id}, ${southSwitch.id})`,
  );
  await db.execute(
    sql`UPDATE devices SET product_type = 'switch', fw = '1.5.2-77' WHERE id = ${southSwitch.id}`,
  );

  await raiseAlert(db, {
    cloudId: cloud.id,
    siteId: sites.north.id,
    deviceId: northAp.id,
    problemAt: hoursAgo(2),
  });
  await raiseAlert(db, {
    cloudId: cloud.id,
    siteId: sites.south.id,
    deviceId: southSwitch.id,
    problemAt: hoursAgo(2),
    healthId: 'HEALTH_WARNING',
  });
  // Older than a day: only the 7 and 30 day charts show it, from the hourly counts the rollup keeps.
  await raiseAlert(db, { cloudId: cloud.id, siteId: sites.north.id, problemAt: hoursAgo(30) });
  // Rolled up as the job does once this hour's delay has passed, whatever minute of the hour the test runs in.
  await rollupMetrics(db, new Date(Math.floor(Date.now() / HOUR) * HOUR + HOUR));
  // Raised after the last rollup: counted from the alerts themselves.
  await raiseAlert(db, {
    cloudId: cloud.id,
    siteId: sites.south.id,
    problemAt: new Date(),
    healthId: 'HEALTH_WARNING',
  });
});
afterAll(() => t.close());

const dashboard = (session: Session, query: Record<string, string | number> = {}, cloud = fixture.cloud.id) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloud}/dashboard`,
    query: query as never,
    headers: as(session),
  });

const body = async (
  session: Session,
  query: Record<string, string | number> = {},
  cloud = fixture.cloud.id,
) => {
  const response = await dashboard(session, query, cloud);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardResponse;
};

const healthOf = (answer: DashboardResponse) =>
  Object.fromEntries(
    answer.devices.families.map((family) => [
      family.product_type,
      [
        family.total,
        family.health.HEALTH_CRITICAL,
        family.health.HEALTH_WARNING,
        family.status.STATUS_OFFLINE,
      ],
    ]),
  );

describe('GET /apiv2/cloud/:cloudId/dashboard', () => {
  it("counts the cloud's live devices by family, status and health, and names the worst sites first", async () => {
    const answer = await body(fixture.sessions.owner);
    expect(answer.devices.total).toBe(5);
    // [total, critical, warning, offline]
    expect(healthOf(answer)).toEqual({ switch: [2, 0, 1, 0], wifi: [3, 2, 0, 1] });
    expect(answer.problem_sites).toEqual([
      { id: fixture.sites.north.id, name: 'North Tower', total: 3, critical: 2, warning: 0, offline: 1 },
      { id: fixture.sites.south.id, name: 'South Yard', total: 2, critical: 0, warning: 1, offline: 0 },
    ]);
    expect(answer.recorders).toMatchObject({ total: 1 });
    expect(answer.grouping).toBeNull();
    expect(answer.site).toBeNull();
  });

  it('lists the firmware versions each family runs, most used first', async () => {
    const answer = await body(fixture.sessions.guest);
    // Families in the catalogue's order: access points first.
    expect(answer.firmware).toEqual([
      {
        product_type: 'wifi',
        versions: [
          { fw: '7.2.1-4012', count: 2 },
          { fw: '7.2.0-3988', count: 1 },
        ],
        others: 0,
      },
      { product_type: 'switch', versions: [{ fw: '1.5.2-77', count: 2 }], others: 0 },
    ]);
  });

  it("draws clients and traffic per hour from the devices' rolled-up heartbeats, gaps left empty", async () => {
    const answer = await body(fixture.sessions.owner, { range: '24h' });
    expect(answer.clients).toHaveLength(24);
    expect(answer.bucket_ms).toBe(HOUR);
    const filled = answer.clients.filter((point) => point.clients !== null);
    expect(filled.map((point) => [point.clients, point.rx_bytes])).toEqual([
      [4, 1500],
      [6, 3000],
    ]);
    // Drawn as throughput: 1500 bytes in an hour are 3.33 bit/s (docs/telemetry.md#rates-not-totals).
    expect(filled.map((point) => point.rx_rate)).toEqual([
      expect.closeTo((1500 * 8) / 3600, 6),
      expect.closeTo((3000 * 8) / 3600, 6),
    ]);
    expect(Date.parse(answer.to) - Date.parse(answer.from)).toBe(24 * HOUR);
    // One site's chart holds its own devices only.
    const south = await body(fixture.sessions.owner, { site_id: fixture.sites.south.id });
    expect(south.clients.filter((point) => point.clients !== null).map((point) => point.rx_bytes)).toEqual([
      500,
    ]);
  });

  it('counts alerts per bucket and health over the range asked for', async () => {
    const day = await body(fixture.sessions.owner, { range: '24h' });
    const sum = (answer: DashboardResponse, key: 'critical' | 'warning') =>
      answer.alerts.reduce((total, point) => total + point[key], 0);
    expect([sum(day, 'critical'), sum(day, 'warning')]).toEqual([1, 2]);
    const week = await body(fixture.sessions.owner, { range: '7d' });
    expect(week.alerts).toHaveLength(28);
    expect([sum(week, 'critical'), sum(week, 'warning')]).toEqual([2, 2]);
    // One site's count, and the hour each alert falls in.
    const south = await body(fixture.sessions.owner, { range: '24h', site_id: fixture.sites.south.id });
    expect(south.alerts.filter((point) => point.warning > 0).map((point) => point.at)).toEqual([
      new Date(Math.floor(hoursAgo(2).getTime() / HOUR) * HOUR).toISOString(),
      new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString(),
    ]);
    const month = await body(fixture.sessions.owner, { range: '30d' });
    expect(month.alerts).toHaveLength(30);
  });

  it("is one site's own dashboard with site_id, without the list of worst sites or the recorders", async () => {
    const answer = await body(fixture.sessions.admin, { site_id: fixture.sites.south.id });
    expect(answer.site).toEqual({
      id: fixture.sites.south.id,
      name: 'South Yard',
      location: fixture.sites.south.location,
      latitude: null,
      longitude: null,
    });
    expect(healthOf(answer)).toEqual({ switch: [2, 0, 1, 0] });
    expect(answer.problem_sites).toEqual([]);
    expect(answer.recorders).toBeNull();
  });

  it("shows a Site User their sites only, and answers 404 for another site's", async () => {
    const answer = await body(fixture.sessions.siteUser);
    expect(healthOf(answer)).toEqual({ wifi: [3, 2, 0, 1] });
    expect(answer.problem_sites.map((site) => site.name)).toEqual(['North Tower']);
    expect(answer.recorders).toBeNull();
    expect(answer.clients.filter((point) => point.rx_bytes !== null).map((point) => point.rx_bytes)).toEqual([
      1000, 3000,
    ]);
    const other = await dashboard(fixture.sessions.siteUser, { site_id: fixture.sites.south.id });
    expect(other.statusCode).toBe(404);
    const elsewhere = await dashboard(fixture.sessions.owner, { site_id: 999_999 });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("narrows the cloud's dashboard to the caller's active site grouping and names it", async () => {
    const db = t.database.db;
    const [grouping] = await db
      .insert(siteFilters)
      .values({ cloudId: fixture.cloud.id, name: 'Yards', siteIds: [fixture.sites.south.id] })
      .returning();
    const select = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${fixture.cloud.id}/site-filters-select`,
      payload: { siteFilterId: grouping?.id },
      headers: as(fixture.sessions.owner),
    });
    expect(select.statusCode).toBe(200);
    const answer = await body(fixture.sessions.owner);
    expect(answer.grouping).toEqual({ id: grouping?.id, name: 'Yards' });
    expect(healthOf(answer)).toEqual({ switch: [2, 0, 1, 0] });
    expect(answer.recorders).toBeNull();
    // The others' dashboards are not narrowed by it.
    expect((await body(fixture.sessions.admin)).devices.total).toBe(5);

    // The dashboard's open alerts and tasks in progress ask for the grouping's sites with grouping=active.
    const { north, south } = fixture.sites;
    await db.insert(tasks).values(
      [north, south].map((site) => ({
        cloudId: fixture.cloud.id,
        typeId: 'TASK_REBOOT' as const,
        taskState: 'TASK_RUNNING' as const,
        siteId: site.id,
        executeAt: new Date(),
      })),
    );
    const sitesOf = async (what: 'alerts' | 'tasks', query: string, session = fixture.sessions.owner) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/apiv2/cloud/${fixture.cloud.id}/${what}?limit=100${query}`,
        headers: as(session),
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json().items as { site?: { id: number } | null; site_id?: number | null }[];
      return new Set(items.map((item) => item.site?.id ?? item.site_id));
    };
    for (const what of ['alerts', 'tasks'] as const) {
      expect(await sitesOf(what, '&grouping=active')).toEqual(new Set([south.id]));
      expect(await sitesOf(what, '')).toEqual(new Set([north.id, south.id]));
      // Without an active grouping, grouping=active narrows nothing.
      expect(await sitesOf(what, '&grouping=active', fixture.sessions.admin)).toEqual(
        new Set([north.id, south.id]),
      );
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${fixture.cloud.id}/alerts?grouping=all`,
      headers: as(fixture.sessions.owner),
    });
    expect(refused.statusCode).toBe(400);
    await db.update(memberships).set({ activeSiteFilterId: null });
  });

  it('keeps the counts of the whole cloud as devices change, move, go and come, folded or not', async () => {
    const db = t.database.db;
    const other = await createAlertCloud(t);
    const owner = other.sessions.owner;
    const logRows = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM device_count_log WHERE cloud_id = ${other.cloud.id}`,
          )
        )[0]?.n,
      );
    const counts = async () => {
      const answer = await body(owner, {}, other.cloud.id);
      return {
        families: healthOf(answer),
        sites: answer.problem_sites.map((site) => [site.name, site.total]),
      };
    };
    // [total, critical, warning, offline]: both devices offline, as registered.
    expect(await counts()).toEqual({
      families: { wifi: [2, 0, 0, 2] },
      sites: [
        ['North Tower', 1],
        ['South Yard', 1],
      ],
    });
    const before = await logRows();
    await db.execute(sql`UPDATE devices SET name = 'Renamed AP' WHERE id = ${other.northAp.id}`);
    expect(await logRows()).toBe(before);

    await db.execute(
      sql`UPDATE devices SET status_id = 'STATUS_ONLINE', health_id = 'HEALTH_CRITICAL' WHERE id = ${other.northAp.id}`,
    );
    await db.execute(
      sql`UPDATE devices SET site_id = ${other.sites.east.id} WHERE id = ${other.southSwitch.id}`,
    );
    const added = await createDevice(db, other.cloud.id, other.sites.east.id, { productType: 'switch' });
    await createDevice(db, other.cloud.id, other.sites.east.id, { decomm: true });
    await db.execute(sql`UPDATE devices SET deleted_at = now() WHERE id = ${added.id}`);
    await createDevice(db, other.cloud.id, null, { productType: 'mesh', healthId: 'HEALTH_WARNING' });
    const expected = {
      families: { wifi: [2, 1, 0, 1], mesh: [1, 0, 1, 1] },
      sites: [
        ['North Tower', 1],
        ['East Hall', 1],
      ],
    };
    expect(await counts()).toEqual(expected);
    await foldDeviceCounts(db);
    expect(await counts()).toEqual(expected);
    // One row per key once folded: wifi online critical, wifi offline, mesh offline warning.
    expect(await logRows()).toBe(3);
    // A cloud with nothing new since is not written again.
    const rowsAt = () =>
      queryRows<{ ctid: string }>(
        db,
        sql`SELECT ctid::text FROM device_count_log WHERE cloud_id = ${other.cloud.id} ORDER BY 1`,
      );
    const folded = await rowsAt();
    await foldDeviceCounts(db);
    expect(await rowsAt()).toEqual(folded);
  });

  it('refuses a range or site it does not know, and outsiders', async () => {
    const queries: Record<string, string | number>[] = [
      { range: '1y' },
      { site_id: 0 },
      { site_id: 'north' },
    ];
    for (const query of queries) {
      const response = await dashboard(fixture.sessions.owner, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await dashboard(fixture.sessions.outsider)).statusCode).toBe(404);
  });
});
