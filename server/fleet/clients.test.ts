// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WirelessClient } from '../../core/fleet/protocol.ts';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createDevice, createSite } from '../test/factories.ts';
import { adoptDevice, createFleetCloud, heartbeat, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const client = (fields: Partial<WirelessClient> = {}): WirelessClient => ({
  mac: '3A:10:00:00:00:01',
  ip: '192.168.1.20',
  hostname: 'laptop-anna',
  ssid: 'Corp',
  band: '5',
  rssi: -55,
  rxBytes: 1000,
  txBytes: 200,
  ...fields,
});

type ClientRow = {
  device_id: number;
  site_id: number;
  ip: string;
  rssi: number;
  rx_bytes: string;
  tx_bytes: string;
};
const clientRow = async (mac: string) =>
  (
    await queryRows<ClientRow>(
      t.database.db,
      sql`SELECT device_id, site_id, ip, rssi, rx_bytes, tx_bytes FROM wireless_clients WHERE mac = ${mac}`,
    )
  )[0];

describe('wireless clients from heartbeats', () => {
  it('upserts each client with its traffic, and a client that roams leaves history of where it was', async () => {
    const { cloud, site, device } = await createFleetCloud(t);
    const otherSite = await createSite(t.database.db, cloud.id);
    const otherAp = await createDevice(t.database.db, cloud.id, otherSite.id, { productBrandId: 13 });
    const first = await adoptDevice(t, device);
    const second = await adoptDevice(t, otherAp);
    const mac = '3a:10:00:00:00:01';

    await sendHeartbeat(t, first, heartbeat(1, { clients: [client()] }));
    await sendHeartbeat(t, first, heartbeat(2, { clients: [client({ rssi: -60 })] }));
    expect(await clientRow(mac)).toMatchObject({ device_id: device.id, site_id: site.id, rssi: -60 });
    expect(Number((await clientRow(mac))?.rx_bytes)).toBe(2000);

    await sendHeartbeat(t, second, heartbeat(1, { clients: [client({ ip: '192.168.7.9' })] }));
    expect(await clientRow(mac)).toMatchObject({
      device_id: otherAp.id,
      site_id: otherSite.id,
      ip: '192.168.7.9',
    });
    const history = await queryRows<{ site_id: number; field: string; value: string }>(
      t.database.db,
      sql`SELECT h.site_id, h.field, h.value FROM object_history h JOIN wireless_clients c ON c.id = h.object_id
        WHERE h.object_type = 'client' AND c.mac = ${mac} ORDER BY h.field`,
    );
    expect(history).toEqual([
      { site_id: site.id, field: 'ip', value: '192.168.1.20' },
      { site_id: site.id, field: 'mac', value: mac },
    ]);
  });

  it('takes the same client in two heartbeats of one batch where the later one saw it', async () => {
    const { cloud, device } = await createFleetCloud(t);
    const site = await createSite(t.database.db, cloud.id);
    const neighbour = await createDevice(t.database.db, cloud.id, site.id, { productBrandId: 13 });
    const [a, b] = [await adoptDevice(t, device), await adoptDevice(t, neighbour)];
    const roaming = client({ mac: '3a:10:00:00:00:02' });
    const answers = await Promise.all([
      sendHeartbeat(t, a, heartbeat(1, { clients: [roaming] })),
      sendHeartbeat(t, b, heartbeat(1, { clients: [roaming] })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect([device.id, neighbour.id]).toContain((await clientRow('3a:10:00:00:00:02'))?.device_id);
  });
});
