// @vitest-environment node
// GET /apiv2/cloud/:cloudId/devices/:deviceId/ports: a switch's ports as its last heartbeat reported
// them, for whoever may read the devices of its site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelHardware } from '../../../core/product-hardware.ts';
import { heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { createMetricWorld, type MetricWorld } from './test-world.ts';

let t: TestApp;
let world: MetricWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = await createMetricWorld(t);
}, 60_000);
afterAll(() => t.close());

const ports = (session: Session, deviceId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${world.cloud.id}/devices/${deviceId}/ports`,
    headers: as(session),
  });

const port = (n: number, fields: Partial<Record<string, number | boolean>> = {}) => ({
  port: n,
  link: true,
  speedMbps: 1000,
  poeW: 0,
  errors: 0,
  rxBytes: 1000 * n,
  txBytes: 500 * n,
  ...fields,
});

const switchBeat = (seq: number, switchPorts: ReturnType<typeof port>[]) =>
  heartbeat(seq, { radios: undefined, clients: undefined, ports: switchPorts });

describe('GET /apiv2/cloud/:cloudId/devices/:deviceId/ports', () => {
  it('answers no reading before the switch first calls home', async () => {
    const response = await ports(world.sessions.owner, world.switchDevice.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ at: null, interval_s: null, ports: [] });
  });

  it("answers every port of the last heartbeat, in port order, with the reading's time", async () => {
    const { switchCredential, switchDevice } = world;
    const older = [port(1), port(2)];
    expect((await sendHeartbeat(t, switchCredential, switchBeat(1, older))).statusCode).toBe(200);
    const latest = [
      port(3, { link: false, speedMbps: 0, rxBytes: 0, txBytes: 0 }),
      port(1, { poeW: 12.5, errors: 4 }),
      port(2, { speedMbps: 10_000 }),
    ];
    const before = Date.now();
    expect((await sendHeartbeat(t, switchCredential, switchBeat(2, latest))).statusCode).toBe(200);

    const response = await ports(world.sessions.owner, switchDevice.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ports).toEqual([
      {
        port: 1,
        medium: 'copper',
        link: true,
        speed_mbps: 1000,
        poe_w: 12.5,
        errors: 4,
        rx_bytes: 1000,
        tx_bytes: 500,
      },
      {
        port: 2,
        medium: 'copper',
        link: true,
        speed_mbps: 10_000,
        poe_w: 0,
        errors: 0,
        rx_bytes: 2000,
        tx_bytes: 1000,
      },
      {
        port: 3,
        medium: 'copper',
        link: false,
        speed_mbps: 0,
        poe_w: 0,
        errors: 0,
        rx_bytes: 0,
        tx_bytes: 0,
      },
    ]);
    expect(Date.parse(body.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.interval_s).toBeGreaterThanOrEqual(0);
  });

  it('answers no ports for a device that reports none', async () => {
    const response = await ports(world.sessions.owner, world.accessPoint.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().ports).toEqual([]);
  });

  it("lets a Guest and a Site User of the switch's site read it, and nobody else", async () => {
    const { sessions, switchDevice } = world;
    expect((await ports(sessions.guest, switchDevice.id)).statusCode).toBe(200);
    expect((await ports(sessions.siteUser, switchDevice.id)).json().ports).toHaveLength(3);
    for (const session of [sessions.siteReader, sessions.otherSiteUser, sessions.outsider]) {
      const response = await ports(session, switchDevice.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it("names the ports after the model's copper ones its SFP cages", async () => {
    const copper = modelHardware(96)?.ports?.copper ?? 0;
    const beat = switchBeat(3, [port(copper), port(copper + 1, { speedMbps: 10_000 })]);
    expect((await sendHeartbeat(t, world.switchCredential, beat)).statusCode).toBe(200);
    const body = (await ports(world.sessions.owner, world.switchDevice.id)).json();
    expect(body.ports.map((one: { port: number; medium: string }) => [one.port, one.medium])).toEqual([
      [copper, 'copper'],
      [copper + 1, 'sfp'],
    ]);
  });

  it('answers 404 for an unknown device and a deleted one', async () => {
    const deleted = await createDevice(t.database.db, world.cloud.id, world.site.id, {
      deletedAt: new Date(),
    });
    for (const deviceId of [2_000_000, deleted.id]) {
      expect((await ports(world.sessions.owner, deviceId)).statusCode).toBe(404);
    }
  });

  it('answers a device id out of range with the 400 shape', async () => {
    const response = await ports(world.sessions.owner, 2_147_483_648);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({ location: 'params', path: '/deviceId' }),
    );
  });
});
