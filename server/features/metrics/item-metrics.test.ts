// @vitest-environment node
// GET /apiv2/cloud/:cloudId/devices/:deviceId/item-metrics: a device's radios, SSIDs, ports, WAN ports,
// cameras and storage over time, and a gateway's failovers (docs/telemetry.md#per-item-series). Who may
// call it is in server/test/access-table.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricItems } from '../../../core/fleet/metric-items.ts';
import { metricSample } from '../../../core/fleet/metric-sample.ts';
import type { HeartbeatRequest } from '../../../core/fleet/protocol.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { ensureMetricPartitions, rollupMetrics, writeMetricSamples } from '../../fleet/metric-store.ts';
import { adoptDevice, event, heartbeat, sendEvents, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createCloud, createDevice } from '../../test/factories.ts';
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

const itemMetrics = (session: Session, deviceId: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${world.cloud.id}/devices/${deviceId}/item-metrics${query}`,
    headers: as(session),
  });

const client = (n: number, ssid: string, band: '2.4' | '5', rxBytes: number) => ({
  mac: `02:cc:00:00:01:${String(n).padStart(2, '0')}`,
  ssid,
  band,
  rssi: -60,
  rxBytes,
  txBytes: rxBytes * 2,
});

const port = (n: number, fields: { rxBytes: number; errors?: number; poeW?: number; link?: boolean }) => ({
  port: n,
  link: fields.link ?? true,
  speedMbps: fields.link === false ? 0 : 1000,
  poeW: fields.poeW ?? 0,
  errors: fields.errors ?? 0,
  rxBytes: fields.rxBytes,
  txBytes: fields.rxBytes / 2,
});

/** The value of the last time that has one. */
const last = (values: readonly (number | null)[] | undefined): number =>
  values?.filter((value) => value !== null).at(-1) ?? Number.NaN;

describe('GET /apiv2/cloud/:cloudId/devices/:deviceId/item-metrics', () => {
  it("answers an access point's throughput per radio and per SSID in the hour now falls in", async () => {
    const first = heartbeat(1, {
      radios: [
        { band: '2.4', channel: 6, widthMhz: 20, txPowerDbm: 17, noiseDbm: -95, utilPct: 31, retryPct: 4 },
        { band: '5', channel: 36, widthMhz: 80, txPowerDbm: 20, noiseDbm: -101, utilPct: 12, retryPct: 8 },
      ],
      clients: [
        client(1, 'Office', '2.4', 1000),
        client(2, 'Office', '5', 3000),
        client(3, 'Guests', '5', 500),
      ],
    });
    expect((await sendHeartbeat(t, world.apCredential, first)).statusCode).toBe(200);

    const response = await itemMetrics(world.sessions.owner, world.accessPoint.id, '?range=24h');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.range).toBe('24h');
    expect(body.at).toHaveLength(24);
    expect(body.radio.map((radio: { key: string }) => radio.key)).toEqual(['2.4', '5']);
    expect(body.ssid.map((ssid: { key: string }) => ssid.key)).toEqual(['Guests', 'Office']);
    const [radio24, radio5] = body.radio;
    const [guests, office] = body.ssid;
    // One heartbeat so far: its bytes over the part of the hour that passed, the same for every item.
    const seconds = (1000 * 8) / last(radio24.rx_rate);
    expect(seconds).toBeGreaterThan(0);
    expect(last(radio5.rx_rate)).toBeCloseTo((3500 * 8) / seconds);
    expect(last(radio5.tx_rate)).toBeCloseTo((7000 * 8) / seconds);
    expect(last(office.rx_rate)).toBeCloseTo((4000 * 8) / seconds);
    expect(last(guests.tx_rate)).toBeCloseTo((1000 * 8) / seconds);
    expect([last(radio24.retries), last(radio5.retries)]).toEqual([4, 8]);
    expect([last(office.clients), last(guests.clients)]).toEqual([2, 1]);
    // Nothing of the other families, and none of the hours before the device called home.
    expect([body.port, body.wan, body.camera, body.storage, body.failovers]).toEqual([[], [], [], [], []]);
    expect(radio24.rx_rate.slice(0, 22)).toEqual(Array(22).fill(null));
  });

  it("sums a switch's ports up by hour and by day: counts added, power averaged", async () => {
    const db = t.database.db;
    const device = await createDevice(db, world.cloud.id, world.site.id, {
      productBrandId: 96,
      productType: 'switch',
    });
    await adoptDevice(t, device, 96);
    const agentId = await agentIdOf(t, device.id);
    const now = Date.now();
    const hour = Math.floor((now - 2 * DAY) / HOUR) * HOUR + 3 * HOUR;
    await ensureMetricPartitions(db, new Date(hour - DAY));
    await ensureMetricPartitions(db, new Date(now));
    const beat = (seq: number, ports: HeartbeatRequest['ports']) => {
      const report = heartbeat(seq, { radios: undefined, clients: undefined, ports });
      return { agentId, sample: metricSample(report), items: metricItems(report) };
    };
    await writeMetricSamples(db, [
      {
        ...beat(1, [
          port(1, { rxBytes: 36_000_000, errors: 3, poeW: 6 }),
          port(2, { rxBytes: 0, link: false }),
        ]),
        at: new Date(hour + MINUTE),
      },
      {
        ...beat(2, [
          port(1, { rxBytes: 54_000_000, errors: 0, poeW: 8 }),
          port(2, { rxBytes: 0, link: false, poeW: 0 }),
          port(12, { rxBytes: 7_200_000 }),
        ]),
        at: new Date(hour + 2 * MINUTE),
      },
    ]);
    await rollupMetrics(db, new Date(hour + 3 * HOUR));

    const week = (await itemMetrics(world.sessions.owner, device.id, '?range=7d')).json();
    expect(week.at).toHaveLength(168);
    // A port without link, power or errors is not kept.
    expect(week.port.map((item: { key: string }) => item.key)).toEqual(['1', '12']);
    const index = week.at.indexOf(new Date(hour).toISOString().replace('.000Z', 'Z'));
    const [port1, port12] = week.port;
    // 90 MB in an hour: 200 kbit/s; 3 errors in an hour: 0.05 a minute; 6 and 8 W: 7 W.
    expect(port1.rx_rate[index]).toBe(200_000);
    expect(port1.tx_rate[index]).toBe(100_000);
    expect(port1.error_rate[index]).toBe(0.05);
    expect(port1.poe_w[index]).toBe(7);
    expect(port12.rx_rate[index]).toBe(16_000);
    expect(port1.rx_rate.filter((value: number | null) => value !== null)).toHaveLength(1);

    const month = (await itemMetrics(world.sessions.owner, device.id, '?range=30d')).json();
    expect(month.at).toHaveLength(31);
    const day = month.at.indexOf(new Date(Math.floor(hour / DAY) * DAY).toISOString().replace('.000Z', 'Z'));
    // The day has one hour rolled up: its rates are over that hour.
    expect(month.port[0].rx_rate[day]).toBe(200_000);
    expect(month.port[0].poe_w[day]).toBe(7);
  });

  it("answers a gateway's WAN ports and lists its failovers, a recorder's cameras and storage", async () => {
    const db = t.database.db;
    const gateway = await createDevice(db, world.cloud.id, world.site.id);
    const credential = await adoptDevice(t, gateway);
    const wan = (name: string, up: boolean, latencyMs: number) => ({
      name,
      up,
      ...(up ? { latencyMs, lossPct: 0.5 } : {}),
      rxBytes: up ? 9_000_000 : 0,
      txBytes: up ? 1_000_000 : 0,
    });
    const report = heartbeat(1, {
      radios: undefined,
      clients: undefined,
      wan: [wan('wan1', false, 0), wan('lte', true, 48)],
      cameras: [
        { id: 'cam-1', name: 'Lobby', stream: 'streaming', bitrateKbps: 4000 },
        { id: 'cam-2', name: 'Dock', stream: 'failed', bitrateKbps: 0 },
      ],
      storage: { usedBytes: 600_000_000_000, totalBytes: 2_000_000_000_000 },
    });
    expect((await sendHeartbeat(t, credential, report)).statusCode).toBe(200);
    const failover = event('wan_failover', { from: 'wan1', to: 'lte' });
    expect((await sendEvents(t, credential, 2, [failover])).statusCode).toBe(200);

    const body = (await itemMetrics(world.sessions.owner, gateway.id)).json();
    expect(body.range).toBe('24h');
    expect(body.wan.map((item: { key: string }) => item.key)).toEqual(['lte', 'wan1']);
    const [lte, wan1] = body.wan;
    expect([last(lte.latency), last(lte.loss), last(lte.availability)]).toEqual([48, 0.5, 100]);
    expect(last(wan1.availability)).toBe(0);
    expect(last(wan1.rx_rate)).toBe(0);
    expect(wan1.latency).toBeUndefined();
    expect(body.failovers).toEqual([{ at: failover.at.replace(/\.\d+Z$/, 'Z'), from: 'wan1', to: 'lte' }]);
    expect(body.camera.map((item: { key: string; name: string }) => [item.key, item.name])).toEqual([
      ['cam-1', 'Lobby'],
      ['cam-2', 'Dock'],
    ]);
    expect(body.camera.map((item: { bitrate_kbps: number[] }) => last(item.bitrate_kbps))).toEqual([4000, 0]);
    expect(body.camera.map((item: { streaming: number[] }) => last(item.streaming))).toEqual([100, 0]);
    expect(body.storage).toHaveLength(1);
    expect([last(body.storage[0].used_bytes), last(body.storage[0].total_bytes)]).toEqual([
      600_000_000_000, 2_000_000_000_000,
    ]);
  });

  it("answers a smart NVR's cameras and storage by the recorder, and 404 through a cloud it is not in", async () => {
    const db = t.database.db;
    const [recorder] = await db
      .insert(smartNvrs)
      .values({
        cloudId: world.cloud.id,
        name: 'Yard NVR',
        mac: '02:00:00:ca:10:01',
        sn: 'NVRMET1',
        productBrandId: 190,
      })
      .returning();
    if (!recorder) throw new Error('smart NVR not created');
    const recorderMetrics = (cloudId: number, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/apiv2/cloud/${cloudId}/smartnvrs/${recorder.id}/item-metrics${query}`,
        headers: as(world.sessions.owner),
      });
    // Before it is adopted: no series yet.
    expect((await recorderMetrics(world.cloud.id)).json().camera).toEqual([]);
    const credential = await adoptDevice(t, recorder, 190);
    const report = heartbeat(1, {
      radios: undefined,
      clients: undefined,
      cameras: [{ id: 'cam-1', name: 'Gate', stream: 'streaming', bitrateKbps: 2500 }],
      storage: { usedBytes: 100_000_000_000, totalBytes: 4_000_000_000_000 },
    });
    expect((await sendHeartbeat(t, credential, report)).statusCode).toBe(200);
    const body = (await recorderMetrics(world.cloud.id, '?range=7d')).json();
    expect(body.range).toBe('7d');
    expect(
      body.camera.map((item: { name: string; bitrate_kbps: number[] }) => [
        item.name,
        last(item.bitrate_kbps),
      ]),
    ).toEqual([['Gate', 2500]]);
    expect(last(body.storage[0].used_bytes)).toBe(100_000_000_000);
    const other = await createCloud(db);
    expect((await recorderMetrics(other.id)).statusCode).toBe(404);
  });

  it('answers empty series for a device that never called home, and refuses an unknown range', async () => {
    const device = await createDevice(t.database.db, world.cloud.id, world.site.id);
    const body = (await itemMetrics(world.sessions.owner, device.id, '?range=30d')).json();
    expect(body.at).toHaveLength(31);
    expect(body.port).toEqual([]);
    const refused = await itemMetrics(world.sessions.owner, device.id, '?range=1y');
    expect(refused.statusCode).toBe(400);
    const unknown = await itemMetrics(world.sessions.owner, device.id, '?range=24h&port=1');
    expect(unknown.statusCode).toBe(400);
  });
});
