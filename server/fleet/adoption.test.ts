// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { dropStalePendingDevices } from './adopt.ts';
import { adoptBody, adoptDevice, createFleetCloud, heartbeat, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adopt = (body: object) => t.app.inject({ method: 'POST', url: '/agent/v1/adopt', payload: body });

describe('POST /agent/v1/adopt', () => {
  it('gives a registered device its credential once, which its heartbeats then carry', async () => {
    const { device } = await createFleetCloud(t);
    const first = await adopt(adoptBody(device));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'adopted', heartbeatIntervalS: 60 });
    const { credential } = first.json();
    expect(credential).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);

    const again = await adopt(adoptBody(device));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a credential/);

    expect((await sendHeartbeat(t, credential, heartbeat(1))).statusCode).toBe(200);
    const [stored] = await queryRows<{ credential_hash: string }>(
      t.database.db,
      sql`SELECT credential_hash FROM device_agents WHERE device_id = ${device.id}`,
    );
    // Only a hash of the secret is kept.
    expect(stored?.credential_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(credential).not.toContain(stored?.credential_hash);
  });

  it('takes the model and versions the device reports', async () => {
    const { device } = await createFleetCloud(t);
    await adoptDevice(t, device, 97);
    const [row] = await queryRows<{
      product_brand_id: number;
      product_type: string;
      fw: string;
      state_id: string;
    }>(
      t.database.db,
      sql`SELECT product_brand_id, product_type, fw, state_id FROM devices WHERE id = ${device.id}`,
    );
    expect(row).toEqual({
      product_brand_id: 97,
      product_type: 'switch',
      fw: '7.2.0-3988',
      state_id: 'STATE_ADOPTED',
    });
  });

  it('remembers an unregistered device as pending and gives it nothing', async () => {
    const body = { ...adoptBody({ sn: 'PENDING01', mac: '02:AA:00:00:00:01' }) };
    for (const _ of [1, 2]) {
      const response = await adopt(body);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'pending', retryAfterS: 60 });
    }
    const pending = await queryRows<{ sn: string; mac: string; calls: number }>(
      t.database.db,
      sql`SELECT sn, mac, calls FROM pending_devices WHERE sn = 'PENDING01'`,
    );
    expect(pending).toEqual([{ sn: 'PENDING01', mac: '02:aa:00:00:00:01', calls: 2 }]);
  });

  it('forgets unregistered devices silent for 7 days, and keeps only the most recent callers', async () => {
    for (const n of [1, 2, 3, 4]) {
      await adopt(adoptBody({ sn: `CALLER${n}`, mac: `02:bb:00:00:00:0${n}` }));
    }
    await t.database.db.execute(
      sql`UPDATE pending_devices SET last_seen_at = now() - make_interval(days => 8) WHERE sn = 'CALLER1'`,
    );
    const callers = async () =>
      (
        await queryRows<{ sn: string }>(
          t.database.db,
          sql`SELECT sn FROM pending_devices WHERE sn LIKE 'CALLER%' ORDER BY sn`,
        )
      ).map((row) => row.sn);
    await dropStalePendingDevices(t.database.db, new Date());
    expect(await callers()).toEqual(['CALLER2', 'CALLER3', 'CALLER4']);
    // CALLER2 calls again, so CALLER3 is now the longest silent.
    await adopt(adoptBody({ sn: 'CALLER2', mac: '02:bb:00:00:00:02' }));
    await dropStalePendingDevices(t.database.db, new Date(), 2);
    expect(await callers()).toEqual(['CALLER2', 'CALLER4']);
  });

  it('treats a registered MAC with another serial number as unregistered', async () => {
    const { device } = await createFleetCloud(t);
    const response = await adopt({ ...adoptBody(device), sn: 'IMPOSTOR1' });
    expect(response.statusCode).toBe(202);
    const agents = await queryRows(
      t.database.db,
      sql`SELECT id FROM device_agents WHERE device_id = ${device.id}`,
    );
    expect(agents).toEqual([]);
  });

  it('refuses a blocked or decommissioned device and an unknown product', async () => {
    const { device } = await createFleetCloud(t);
    await t.database.db.execute(sql`UPDATE devices SET decomm = true WHERE id = ${device.id}`);
    const refused = await adopt(adoptBody(device));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/blocked or decommissioned/);

    const unknown = await adopt({
      ...adoptBody({ sn: 'X12345', mac: '02:aa:00:00:00:02' }),
      productBrandId: 9999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ errorCode: 'unknown_product', path: '/productBrandId' });
  });

  it('answers a malformed call with the 400 list and stores nothing', async () => {
    const response = await adopt({ sn: 'AB', mac: 'not-a-mac', productBrandId: 'one', fw: '7', extra: true });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/sn', '/mac', '/productBrandId', '/fw', '/mgmtdVersion']));
    const pending = await queryRows(t.database.db, sql`SELECT id FROM pending_devices WHERE sn = 'AB'`);
    expect(pending).toEqual([]);
  });
});
