// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail, SmartNvrDetail } from '../../../core/api/devices.ts';
import { adoptDevice, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { createAlertCloud } from '../alerts/test-cloud.ts';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createAlertCloud>>;
let bridge: { id: number; mac: string };
let meshNode: { id: number; mac: string };

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createAlertCloud(t);
  const { northAp, cloud, sites } = fixture;
  bridge = await createDevice(t.database.db, cloud.id, sites.south.id, { name: 'South Bridge' });
  meshNode = await createDevice(t.database.db, cloud.id, sites.north.id, { name: 'North Mesh Node' });
  const credential = await adoptDevice(t, northAp, northAp.productBrandId);
  const client = (mac: string) => ({
    mac,
    ssid: 'Staff',
    band: '5' as const,
    rssi: -60,
    rxBytes: 1,
    txBytes: 2,
  });
  const answer = await sendHeartbeat(
    t,
    credential,
    heartbeat(1, {
      uptimeS: 7200,
      clients: [client('aa:00:00:00:00:01'), client('aa:00:00:00:00:02')],
      links: [
        {
          peerMac: bridge.mac.toUpperCase(),
          band: '60',
          up: true,
          rssi: -48,
          snr: 31,
          capacityMbps: 1800,
          mcs: 9,
        },
      ],
      meshPeers: [
        { mac: meshNode.mac, rssi: -55, snr: 25, capacityMbps: 900, hops: 1 },
        { mac: '02:99:00:00:00:01', rssi: -60, snr: 20, capacityMbps: 700, hops: 2 },
      ],
    }),
  );
  expect(answer.statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (session: Session, path: string) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${fixture.cloud.id}${path}`, headers: as(session) });

describe('GET /apiv2/cloud/:cloudId/devices/:deviceId', () => {
  it('answers the identity, state and latest heartbeat the device dashboard shows', async () => {
    const response = await get(fixture.sessions.owner, `/devices/${fixture.northAp.id}`);
    expect(response.statusCode).toBe(200);
    const device = response.json() as DeviceDetail;
    expect(device).toMatchObject({
      id: fixture.northAp.id,
      name: 'North AP',
      site: { id: fixture.sites.north.id, name: 'North Tower' },
      mac: fixture.northAp.mac,
      sn: fixture.northAp.sn,
      online: true,
      status_id: 'STATUS_ONLINE',
      fw: '7.2.1-4012',
      mgmtd_version: '2.4.1',
    });
    expect(device.last_seen_at).not.toBeNull();
    expect(device.allowed_tasks).toContain('TASK_REBOOT');
    expect(device.report).toMatchObject({
      uptime_s: 7200,
      clients: 2,
      system: { cpu_pct: 12, mem_pct: 40, temp_c: 48 },
      time_sync: { synced: true },
      radios: [
        { band: '2.4', channel: 6, width_mhz: 20 },
        { band: '5', channel: 36, width_mhz: 80 },
      ],
      links: [{ band: '60', rssi: -48, snr: 31, capacity_mbps: 1800, mcs: 9 }],
    });
    // The link's far end and a mesh peer are devices of the cloud: the dashboard links to them; a MAC the
    // console does not know stays a MAC.
    expect([...device.link_peers].sort((a, b) => a.id - b.id)).toEqual([
      { mac: bridge.mac, id: bridge.id, name: 'South Bridge' },
      { mac: meshNode.mac, id: meshNode.id, name: 'North Mesh Node' },
    ]);
  });

  it('offers a Guest no state change, and has no report for a device that never called home', async () => {
    const seen = (await get(fixture.sessions.guest, `/devices/${fixture.northAp.id}`)).json() as DeviceDetail;
    expect(seen.allowed_tasks).not.toContain('TASK_REBOOT');
    expect(seen.allowed_tasks).not.toContain('TASK_FW_UPDATE');
    const silent = await get(fixture.sessions.owner, `/devices/${fixture.southSwitch.id}`);
    expect(silent.statusCode).toBe(200);
    expect((silent.json() as DeviceDetail).report).toBeNull();
  });

  it("hides devices of other sites from a Site User, and the far end of a link on a site they don't see", async () => {
    const own = (
      await get(fixture.sessions.siteUser, `/devices/${fixture.northAp.id}`)
    ).json() as DeviceDetail;
    expect(own.link_peers.map((peer) => peer.name)).toEqual(['North Mesh Node']);
    expect((await get(fixture.sessions.siteUser, `/devices/${fixture.southSwitch.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for a deleted device, one of another cloud, and to outsiders; 400 for a bad id', async () => {
    const gone = await createDevice(t.database.db, fixture.cloud.id, fixture.sites.north.id, {
      deletedAt: new Date(),
    });
    const elsewhere = await createDevice(t.database.db, fixture.otherCloud.id, null);
    expect((await get(fixture.sessions.owner, `/devices/${gone.id}`)).statusCode).toBe(404);
    expect((await get(fixture.sessions.owner, `/devices/${elsewhere.id}`)).statusCode).toBe(404);
    expect((await get(fixture.sessions.outsider, `/devices/${fixture.northAp.id}`)).statusCode).toBe(404);
    expect((await get(fixture.sessions.owner, '/devices/abc')).statusCode).toBe(400);
  });
});

describe('GET /apiv2/cloud/:cloudId/smartnvrs/:smartNvrId', () => {
  it("answers the recorder's identity and state, with its tasks only for those who manage recorders", async () => {
    await t.database.db.execute(
      sql`UPDATE smart_nvrs SET status_id = 'STATUS_ONLINE', fw = '2.1.0-88' WHERE id = ${fixture.recorder.id}`,
    );
    const owner = (
      await get(fixture.sessions.owner, `/smartnvrs/${fixture.recorder.id}`)
    ).json() as SmartNvrDetail;
    expect(owner).toMatchObject({ name: 'Lobby NVR', online: true, fw: '2.1.0-88', report: null });
    expect(owner.allowed_tasks).toContain('TASK_ONVIF_SCAN_AND_COLLECT');
    const guest = (
      await get(fixture.sessions.guest, `/smartnvrs/${fixture.recorder.id}`)
    ).json() as SmartNvrDetail;
    expect(guest.allowed_tasks).toEqual([]);
    expect((await get(fixture.sessions.owner, '/smartnvrs/999999')).statusCode).toBe(404);
  });
});
