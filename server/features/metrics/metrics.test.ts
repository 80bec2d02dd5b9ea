// @vitest-environment node
// GET /apiv2/cloud/:cloudId/devices/:deviceId/metrics: the Statistics pages' series, from the heartbeats
// the device sent, for whoever may read the devices of its site.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricSample } from '../../../core/fleet/metric-sample.ts';
import { ensureMetricPartitions, rollupMetrics, writeMetricSamples } from '../../fleet/metric-store.ts';
import { adoptDevice, createFleetCloud, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { agentIdOf, createMetricWorld, type MetricWorld } from './test-world.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let world: MetricWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = await createMetricWorld(t);
}, 60_000);
afterAll(() => t.close());

const metrics = (session: Session, deviceId: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${world.cloud.id}/devices/${deviceId}/metrics${query}`,
    headers: as(session),
  });

const client = (n: number, band: '2.4' | '5') => ({
  mac: `02:cc:00:00:00:${String(n).padStart(2, '0')}`,
  ssid: 'Guests',
  band,
  rssi: -60,
  rxBytes: 1000,
  txBytes: 2000,
});

const sample = (cpu: number, rxBytes: number): MetricSample => ({
  cpu,
  mem: 40,
  temp: 50,
  power: 8,
  clients: 3,
  clients24: 1,
  clients5: 2,
  clients60: null,
  util24: 20,
  util5: 10,
  util60: null,
  noise24: -95,
  noise5: -100,
  noise60: null,
  rxBytes,
  txBytes: rxBytes / 2,
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

describe('GET /apiv2/cloud/:cloudId/devices/:deviceId/metrics', () => {
  it("answers the last 24 hours with every heartbeat's numbers, per band", async () => {
    const { accessPoint, apCredential } = world;
    const first = heartbeat(1, {
      system: { cpuPct: 21, memPct: 44, tempC: 51, powerW: 9.5 },
      clients: [client(1, '2.4'), client(2, '5'), client(3, '5')],
    });
    expect((await sendHeartbeat(t, apCredential, first)).statusCode).toBe(200);
    const second = heartbeat(2, {
      system: { cpuPct: 35, memPct: 45, tempC: 52 },
      clients: [client(1, '2.4')],
    });
    expect((await sendHeartbeat(t, apCredential, second)).statusCode).toBe(200);

    const response = await metrics(world.sessions.owner, accessPoint.id, '?range=24h');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.range).toBe('24h');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(DAY);
    expect(
      body.points.map((p: Record<string, unknown>) => [
        p.cpu,
        p.mem,
        p.temp,
        p.power,
        p.clients24,
        p.clients5,
      ]),
    ).toEqual([
      [21, 44, 51, 9.5, 1, 2],
      [35, 45, 52, null, 1, 0],
    ]);
    // The test heartbeat's radios: 2.4 GHz at 31 % and -95 dBm, 5 GHz at 12 % and -101 dBm; no 60 GHz.
    expect(body.points[0]).toMatchObject({ util24: 31, util5: 12, util60: null, noise24: -95, noise5: -101 });
    expect(body.points[0].link_rssi).toBeNull();
  });

  it('answers the 24 hours when no range is given', async () => {
    const response = await metrics(world.sessions.owner, world.accessPoint.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().range).toBe('24h');
  });

  it('turns the bytes of each heartbeat into bit rates and marks an outage with a gap', async () => {
    const device = await createDevice(t.database.db, world.cloud.id, world.site.id);
    await adoptDevice(t, device);
    const agentId = await agentIdOf(t, device.id);
    // The store keeps whole seconds.
    const now = Math.floor(Date.now() / 1000) * 1000;
    await ensureMetricPartitions(t.database.db, new Date(now));
    await writeMetricSamples(t.database.db, [
      { agentId, at: new Date(now - 20 * MINUTE), sample: sample(10, 600_000) },
      { agentId, at: new Date(now - 19 * MINUTE), sample: sample(11, 600_000) },
      { agentId, at: new Date(now - 18 * MINUTE), sample: sample(12, 1_200_000) },
      // Ten minutes of silence, then the device reports what passed in them.
      { agentId, at: new Date(now - 8 * MINUTE), sample: sample(13, 6_000_000) },
    ]);
    const body = (await metrics(world.sessions.owner, device.id)).json();
    expect(body.points.map((p: { cpu: number | null }) => p.cpu)).toEqual([10, 11, 12, null, 13]);
    // 600 kB a minute is 80 kbit/s; 6 MB over ten minutes too.
    expect(body.points.map((p: { rx_rate: number | null }) => p.rx_rate)).toEqual([
      80_000,
      80_000,
      160_000,
      null,
      80_000,
    ]);
    expect(body.points[3].at).toBe(new Date(now - 17 * MINUTE).toISOString());
  });

  it('answers 7 and 30 days with hourly averages, each over its own span', async () => {
    const db = t.database.db;
    const device = await createDevice(db, world.cloud.id, world.site.id);
    await adoptDevice(t, device);
    const agentId = await agentIdOf(t, device.id);
    const now = Date.now();
    const hour = (ms: number) => Math.floor(ms / HOUR) * HOUR;
    const tenDaysAgo = hour(now - 10 * DAY);
    const yesterday = hour(now - DAY);
    await ensureMetricPartitions(db, new Date(tenDaysAgo));
    await ensureMetricPartitions(db, new Date(now));
    await writeMetricSamples(db, [
      { agentId, at: new Date(tenDaysAgo + MINUTE), sample: sample(60, 3_600_000) },
      { agentId, at: new Date(tenDaysAgo + 2 * MINUTE), sample: sample(80, 3_600_000) },
      { agentId, at: new Date(yesterday + MINUTE), sample: sample(30, 36_000_000) },
    ]);
    // The rollup job as it ran ten days ago, then as it runs now.
    await rollupMetrics(db, new Date(tenDaysAgo + 3 * HOUR));
    await rollupMetrics(db, new Date(now));

    const week = (await metrics(world.sessions.owner, device.id, '?range=7d')).json();
    expect(week.range).toBe('7d');
    expect(Date.parse(week.to) - Date.parse(week.from)).toBe(7 * DAY);
    expect(week.points).toHaveLength(1);
    expect(week.points[0]).toMatchObject({ at: new Date(yesterday).toISOString(), cpu: 30 });
    // 36 MB in an hour: 80 kbit/s.
    expect(week.points[0].rx_rate).toBe(80_000);

    const month = (await metrics(world.sessions.owner, device.id, '?range=30d')).json();
    expect(month.points.map((p: { cpu: number | null }) => p.cpu)).toEqual([70, null, 30]);
    expect(month.points[0].rx_rate).toBe(16_000);
  });

  it("answers a radio link's both ends, MCS and availability, and a whole day before its first sample", async () => {
    const db = t.database.db;
    const device = await createDevice(db, world.cloud.id, world.site.id);
    const credential = await adoptDevice(t, device);
    const agentId = await agentIdOf(t, device.id);
    // An hour rolled up before the samples kept (as the demo's history is): the day's chart starts there.
    const earlier = Math.floor((Date.now() - 20 * HOUR) / HOUR) * HOUR;
    await ensureMetricPartitions(db, new Date(earlier));
    await db.execute(sql`INSERT INTO device_metrics_hourly (agent_id, hour, samples, cpu, cpu_max, mem, mem_max,
        rx_bytes, tx_bytes, link_rssi, link_mcs, link_up)
      VALUES (${agentId}, ${new Date(earlier).toISOString()}, 60, 12, 20, 40, 41, 450000000, 0, -58, 7, 0.75)`);
    const link = { band: '60' as const, up: true, snr: 24, capacityMbps: 1200 };
    const report = heartbeat(1, {
      links: [
        { ...link, peerMac: '02:dd:00:00:00:01', rssi: -55, mcs: 9, remoteRssi: -54, remoteSnr: 25 },
        { ...link, peerMac: '02:dd:00:00:00:02', rssi: -63, mcs: 6, remoteRssi: -66, remoteSnr: 19 },
        { peerMac: '02:dd:00:00:00:03', band: '60', up: false },
        { peerMac: '02:dd:00:00:00:04', band: '60', up: false },
      ],
    });
    expect((await sendHeartbeat(t, credential, report)).statusCode).toBe(200);

    const day = (await metrics(world.sessions.owner, device.id, '?range=24h')).json();
    const [first, last] = [day.points[0], day.points.at(-1)];
    // The rolled-up hour: 450 MB in an hour is 1 Mbit/s; links up 3 quarters of it.
    expect(first).toMatchObject({
      at: new Date(earlier).toISOString(),
      cpu: 12,
      rx_rate: 1_000_000,
      link_mcs: 7,
      link_availability: 75,
    });
    expect(last).toMatchObject({
      link_rssi: -63,
      link_remote_rssi: -66,
      link_remote_snr: 19,
      link_mcs: 6,
      link_availability: 50,
      wan_latency: null,
    });
  });

  it('answers an empty series for a device that never called home', async () => {
    const device = await createDevice(t.database.db, world.cloud.id, world.site.id);
    const response = await metrics(world.sessions.owner, device.id, '?range=30d');
    expect(response.statusCode).toBe(200);
    expect(response.json().points).toEqual([]);
  });

  it("lets a Guest and a Site User of the device's site read it, and nobody else", async () => {
    const { sessions, accessPoint } = world;
    expect((await metrics(sessions.guest, accessPoint.id)).statusCode).toBe(200);
    expect((await metrics(sessions.siteUser, accessPoint.id)).statusCode).toBe(200);
    for (const session of [sessions.siteReader, sessions.otherSiteUser, sessions.outsider]) {
      const response = await metrics(session, accessPoint.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 404 for an unknown device, a deleted one and one of another cloud', async () => {
    const db = t.database.db;
    const deleted = await createDevice(db, world.cloud.id, world.site.id, { deletedAt: new Date() });
    const elsewhere = await createFleetCloud(t);
    for (const deviceId of [2_000_000, deleted.id, elsewhere.device.id]) {
      const response = await metrics(world.sessions.owner, deviceId);
      expect(response.statusCode, String(deviceId)).toBe(404);
      expect(response.json()).toEqual({ message: 'No such device in this cloud.' });
    }
  });

  it.each([
    ['range=1y', 'query', '/range'],
    ['range=', 'query', '/range'],
  ])('answers ?%s with the 400 shape', async (query, location, path) => {
    const response = await metrics(world.sessions.owner, world.accessPoint.id, `?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ location, path }));
  });

  it('answers a device id that is not a number with the 400 shape', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${world.cloud.id}/devices/lobby/metrics`,
      headers: as(world.sessions.owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({ location: 'params', path: '/deviceId' }),
    );
  });
});
