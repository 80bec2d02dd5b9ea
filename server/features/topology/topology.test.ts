// @vitest-environment node
// The topology (docs/topology.md): a site's devices and the links their heartbeats report.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Topology } from '../../../core/api/topology.ts';
import type { SwitchPort } from '../../../core/fleet/protocol.ts';
import { DEFAULT_HEARTBEAT_INTERVAL_S } from '../../../core/fleet/status.ts';
import { LINK_DROP_INTERVALS, LINK_STALE_INTERVALS } from '../../../core/topology.ts';
import { queryRows } from '../../db/rows.ts';
import { lldpNeighbours } from '../../db/schema/topology.ts';
import { adoptDevice, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { TOPOLOGY_MAX_AGE_MS } from './routes.ts';

let t: TestApp;
let cloudId: number;
let siteId: number;
let otherCloudSiteId: number;
const ids: Record<string, number> = {};
const credentials: Record<string, string> = {};
const switchPorts: SwitchPort[] = [];
const session: Record<string, Session> = {};
const intervalsAgo = (n: number) => new Date(Date.now() - n * DEFAULT_HEARTBEAT_INTERVAL_S * 1000);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId)).id;
  const otherCloud = await createCloud(db);
  otherCloudSiteId = (await createSite(db, otherCloud.id)).id;
  const gateway = await createDevice(db, cloudId, siteId, {
    name: 'Gateway',
    productType: 'gateway',
    productBrandId: 86,
  });
  const sw = await createDevice(db, cloudId, siteId, {
    name: 'Core switch',
    productType: 'switch',
    productBrandId: 96,
    healthId: 'HEALTH_WARNING',
  });
  const ap = await createDevice(db, cloudId, siteId, { name: 'Lobby AP', productBrandId: 13 });
  const towerA = await createDevice(db, cloudId, siteId, {
    name: 'Tower A',
    productType: 'metrolinq',
    productBrandId: 146,
  });
  const towerB = await createDevice(db, cloudId, siteId, {
    name: 'Tower B',
    productType: 'metrolinq',
    productBrandId: 146,
  });
  Object.assign(ids, { gateway: gateway.id, sw: sw.id, ap: ap.id, towerA: towerA.id, towerB: towerB.id });

  // The switch and the access point report each other over LLDP; the switch's port 2 has no link.
  const switchCredential = await adoptDevice(t, sw, 96);
  const apCredential = await adoptDevice(t, ap, 13);
  // A neighbour the access point listed long ago, forgotten at its next heartbeat.
  await db.insert(lldpNeighbours).values({
    deviceId: ap.id,
    localPort: 'eth1',
    chassisId: towerA.mac,
    portId: 'eth0',
    lastSeenAt: intervalsAgo(LINK_DROP_INTERVALS + 5),
  });
  const ports = [
    { port: 1, link: true, speedMbps: 2500, poeW: 12, errors: 0, rxBytes: 1, txBytes: 1 },
    { port: 2, link: false, speedMbps: 0, poeW: 0, errors: 0, rxBytes: 0, txBytes: 0 },
    { port: 8, link: true, speedMbps: 10000, poeW: 0, errors: 0, rxBytes: 1, txBytes: 1 },
  ];
  for (const [credential, report] of [
    [
      switchCredential,
      heartbeat(1, {
        radios: undefined,
        clients: undefined,
        ports,
        lldp: [
          { localPort: '1', chassisId: ap.mac.toUpperCase(), portId: 'eth0', systemName: 'lobby-ap' },
          { localPort: '8', chassisId: gateway.mac, portId: '2' },
        ],
      }),
    ],
    [apCredential, heartbeat(1, { lldp: [{ localPort: 'eth0', chassisId: sw.mac, portId: '1' }] })],
  ] as const) {
    const answer = await sendHeartbeat(t, credential, report);
    expect(answer.statusCode, answer.body).toBe(200);
  }
  // The gateway listed a neighbour on its port 3 four intervals ago, and nothing since.
  await db.insert(lldpNeighbours).values({
    deviceId: gateway.id,
    localPort: '3',
    chassisId: towerA.mac,
    portId: 'eth0',
    lastSeenAt: intervalsAgo(LINK_STALE_INTERVALS + 1),
  });
  // Both ends of a radio link report it.
  for (const [device, peerMac, rssi] of [
    [towerA, towerB.mac, -51],
    [towerB, towerA.mac, -54],
  ] as const) {
    const credential = await adoptDevice(t, device, 146);
    const answer = await sendHeartbeat(
      t,
      credential,
      heartbeat(1, {
        radios: undefined,
        clients: undefined,
        links: [{ peerMac, band: '60', up: true, rssi, capacityMbps: 1800 }],
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
  }
  credentials.sw = switchCredential;
  switchPorts.push(...ports);

  for (const [key, role, sites] of [
    ['owner', 'ROLE_OWNER', null],
    ['reader', 'ROLE_USER', ['read_site', 'read_device']],
    ['outsider', null, null],
  ] as const) {
    const user = await createUser(db);
    if (role) await addMember(db, user.id, cloudId, role, 0);
    if (sites) await assignSite(db, user.id, cloudId, siteId, [...sites]);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

const topologyOf = (who: string, site = siteId, cloud = cloudId) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloud}/sites/${site}/topology`,
    headers: as(session[who] as Session),
  });

describe('GET /apiv2/cloud/:cloudId/sites/:siteId/topology', () => {
  it("answers the site's devices and one edge per link, with its kind, ends, speed and state", async () => {
    const response = await topologyOf('reader');
    expect(response.statusCode).toBe(200);
    const body = response.json<Topology>();
    expect(body.site).toEqual({ id: siteId, name: expect.any(String) });
    expect(body.heartbeat_interval_s).toBe(DEFAULT_HEARTBEAT_INTERVAL_S);
    expect(body.nodes.map((node) => node.name)).toEqual([
      'Core switch',
      'Gateway',
      'Lobby AP',
      'Tower A',
      'Tower B',
    ]);
    expect(body.nodes[0]).toEqual({
      id: ids.sw,
      name: 'Core switch',
      model: 0,
      health_id: expect.any(String),
    });
    // Each model once, however many devices are of it.
    expect(body.models).toEqual([
      { name: 'Managed Switch 8-Port Gigabit', family: 'switch' },
      { name: expect.any(String), family: 'gateway' },
      { name: expect.any(String), family: 'wifi' },
      { name: expect.any(String), family: 'metrolinq' },
    ]);
    expect(body.nodes.map((node) => node.model)).toEqual([0, 1, 2, 3, 3]);
    const seen = body.edges.map(
      ({ kind, from_device_id, from_port, to_device_id, to_port, state, speed_mbps }) => ({
        kind,
        from_device_id,
        from_port,
        to_device_id,
        to_port,
        state,
        speed_mbps,
      }),
    );
    expect(seen).toEqual(
      expect.arrayContaining([
        // Both ends listed it: one edge, with the switch port's speed.
        {
          kind: 'port',
          from_device_id: ids.sw,
          from_port: '1',
          to_device_id: ids.ap,
          to_port: 'eth0',
          state: 'up',
          speed_mbps: 2500,
        },
        {
          kind: 'port',
          from_device_id: ids.gateway,
          from_port: '2',
          to_device_id: ids.sw,
          to_port: '8',
          state: 'up',
          speed_mbps: 10000,
        },
        // Not listed for more than three intervals: drawn dashed.
        {
          kind: 'lldp',
          from_device_id: ids.gateway,
          from_port: '3',
          to_device_id: ids.towerA,
          to_port: 'eth0',
          state: 'stale',
          speed_mbps: undefined,
        },
      ]),
    );
    expect(body.edges.filter((edge) => edge.kind === 'radio_link')).toEqual([
      expect.objectContaining({
        from_device_id: ids.towerA,
        to_device_id: ids.towerB,
        state: 'up',
        capacity_mbps: 1800,
        from_rssi_dbm: -51,
        to_rssi_dbm: -54,
      }),
    ]);
    // The access point's neighbour on eth1, gone for over an hour, is neither drawn nor kept.
    expect(body.edges).toHaveLength(4);
    const kept = await queryRows<{ local_port: string }>(
      t.database.db,
      sql`SELECT local_port FROM lldp_neighbours WHERE device_id = ${ids.ap}`,
    );
    expect(kept).toEqual([{ local_port: 'eth0' }]);
  });

  it('turns a link red at the heartbeat that says it went down, and tells the open pages at once', async () => {
    const { db } = t.database;
    const linkEvents = async () =>
      (
        await queryRows<{ site_id: number; data: { device_id: number } }>(
          db,
          sql`SELECT site_id, data FROM live_events WHERE kind = 'links' AND cloud_id = ${cloudId}`,
        )
      ).filter((event) => event.data.device_id === ids.sw);
    const before = (await linkEvents()).length;
    const send = async (seq: number, ports: SwitchPort[]) => {
      const answer = await sendHeartbeat(
        t,
        credentials.sw as string,
        heartbeat(seq, { radios: undefined, clients: undefined, ports }),
      );
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const state = async () =>
      (await topologyOf('reader'))
        .json<Topology>()
        .edges.find((edge) => edge.from_device_id === ids.sw && edge.to_device_id === ids.ap)?.state;
    // The answer a viewer had is shared for a few seconds (docs/topology.md#api).
    expect(await state()).toBe('up');
    // Only the counters moved: the links are as they were, nothing to tell.
    await send(
      2,
      switchPorts.map((port) => ({ ...port, rxBytes: port.rxBytes + 1000 })),
    );
    expect(await linkEvents()).toHaveLength(before);
    // The access point's port loses its link.
    await send(
      3,
      switchPorts.map((port) => (port.port === 1 ? { ...port, link: false, speedMbps: 0 } : port)),
    );
    const events = await linkEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)?.site_id).toBe(siteId);
    // The event has the next call read the site again, well before the shared answer's age runs out.
    await expect.poll(state, { timeout: TOPOLOGY_MAX_AGE_MS / 2 }).toBe('down');
  });

  it("answers 404 for a site the caller does not see, another cloud's site and an unknown site", async () => {
    const elsewhere = await createSite(t.database.db, cloudId);
    expect((await topologyOf('reader', elsewhere.id)).statusCode).toBe(404);
    expect((await topologyOf('owner', otherCloudSiteId)).statusCode).toBe(404);
    expect((await topologyOf('owner', 2_000_000_000)).statusCode).toBe(404);
  });

  it('answers 401 signed out, 404 to an account of another cloud, and 400 to an id that is not one', async () => {
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/sites/${siteId}/topology`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await topologyOf('outsider')).statusCode).toBe(404);
    expect((await topologyOf('owner', 'abc' as unknown as number)).statusCode).toBe(400);
  });
});
