// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createDevice } from '../test/factories.ts';
import { dropStalePendingDevices } from './adopt.ts';
import {
  adoptBody,
  adoptDevice,
  createFleetCloud,
  heartbeat,
  onboardingKeyOf,
  sendHeartbeat,
} from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adopt = (body: object, remoteAddress = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url: '/agent/v1/adopt', payload: body, remoteAddress });

const agentsOf = (deviceId: number) =>
  queryRows<{ id: number; credential_hash: string | null }>(
    t.database.db,
    sql`SELECT id, credential_hash FROM device_agents WHERE device_id = ${deviceId}`,
  );

const pendingRows = (mac: string) =>
  queryRows<{ cloud_id: number | null; sn: string; calls: number; remote_address: string }>(
    t.database.db,
    sql`SELECT cloud_id, sn, calls, remote_address FROM pending_devices WHERE mac = ${mac} ORDER BY cloud_id NULLS FIRST`,
  );

const PENDING = { status: 'pending', retryAfterS: 60 };

describe('POST /agent/v1/adopt', () => {
  it("gives a device its cloud registered its credential once, with the cloud's onboarding key", async () => {
    const { device, cloud } = await createFleetCloud(t);
    const key = await onboardingKeyOf(t, cloud.id);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const first = await adopt(adoptBody(device, 13, key));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'adopted', heartbeatIntervalS: 60 });
    const { credential } = first.json();
    expect(credential).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);

    // A second call, with the key or without, gets nothing and learns nothing.
    for (const body of [adoptBody(device, 13, key), adoptBody(device)]) {
      const again = await adopt(body);
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual(PENDING);
    }

    expect((await sendHeartbeat(t, credential, heartbeat(1))).statusCode).toBe(200);
    const [stored] = await agentsOf(device.id);
    // Only a hash of the secret is kept.
    expect(stored?.credential_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(credential).not.toContain(stored?.credential_hash);
  });

  it('takes the key whatever its case, spaces and dashes', async () => {
    const { device, cloud } = await createFleetCloud(t);
    const key = await onboardingKeyOf(t, cloud.id);
    const typed = ` ${key
      .toUpperCase()
      .replace(/(.{8})/g, '$1-')
      .replace(/-$/, '')} `;
    expect((await adopt(adoptBody(device, 13, typed))).statusCode).toBe(200);
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

  it('gives nothing to a caller who knows only the label, and the real device still adopts with the key', async () => {
    const { device, cloud } = await createFleetCloud(t);
    // The MAC address and serial number printed on the box, from another address, with a made-up key too.
    for (const body of [adoptBody(device), adoptBody(device, 97, 'ab'.repeat(16))]) {
      const stolen = await adopt(body, '203.0.113.66');
      expect(stolen.statusCode).toBe(202);
      expect(stolen.json()).toEqual(PENDING);
    }
    expect(await agentsOf(device.id)).toEqual([]);
    // Its model is still what the operator registered.
    const [model] = await queryRows<{ product_brand_id: number }>(
      t.database.db,
      sql`SELECT product_brand_id FROM devices WHERE id = ${device.id}`,
    );
    expect(model?.product_brand_id).toBe(13);

    const real = await adopt(adoptBody(device, 13, await onboardingKeyOf(t, cloud.id)));
    expect(real.statusCode).toBe(200);
    expect(real.json().status).toBe('adopted');
    // What the impostor left behind waits no longer.
    expect(await pendingRows(device.mac)).toEqual([]);
  });

  it('answers an unknown, a registered, an adopted and a blocked pair alike, without a key or with a wrong one', async () => {
    const db = t.database.db;
    const { cloud, site, device: registered } = await createFleetCloud(t);
    const adopted = await createDevice(db, cloud.id, site.id, { productBrandId: 13 });
    await adoptDevice(t, adopted);
    const blocked = await createDevice(db, cloud.id, site.id, { productBrandId: 13, blocked: true });
    const decommissioned = await createDevice(db, cloud.id, site.id, { productBrandId: 13, decomm: true });
    const unknown = { sn: 'NOSUCH01', mac: '02:aa:ff:00:00:01' };
    const answers = [];
    for (const pair of [unknown, registered, adopted, blocked, decommissioned]) {
      for (const key of [undefined, 'ab'.repeat(16)]) {
        const response = await adopt(adoptBody(pair, 13, key));
        answers.push({
          status: response.statusCode,
          body: response.body,
          type: response.headers['content-type'],
          cache: response.headers['cache-control'],
        });
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({
      status: 202,
      body: JSON.stringify(PENDING),
      type: 'application/json; charset=utf-8',
      cache: 'no-store',
    });
    // With the cloud's own key, an adopted or blocked device gets the same answer: no new credential.
    const key = await onboardingKeyOf(t, cloud.id);
    for (const pair of [adopted, blocked, decommissioned]) {
      const response = await adopt(adoptBody(pair, 13, key));
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 202, body: PENDING });
    }
    expect(await agentsOf(blocked.id)).toEqual([]);
  });

  it('remembers a keyless caller in no cloud, and one that named a key in that cloud', async () => {
    const { cloud } = await createFleetCloud(t);
    const body = adoptBody({ sn: 'PENDING01', mac: '02:AA:00:00:00:01' });
    for (const _ of [1, 2]) expect((await adopt(body)).json()).toEqual(PENDING);
    expect((await adopt({ ...body, onboardingKey: await onboardingKeyOf(t, cloud.id) })).statusCode).toBe(
      202,
    );
    expect(await pendingRows('02:aa:00:00:00:01')).toEqual([
      { cloud_id: null, sn: 'PENDING01', calls: 2, remote_address: '198.51.100.7' },
      { cloud_id: cloud.id, sn: 'PENDING01', calls: 1, remote_address: '198.51.100.7' },
    ]);
  });

  it('treats a registered MAC with another serial number as unregistered, even with the key', async () => {
    const { device, cloud } = await createFleetCloud(t);
    const response = await adopt({
      ...adoptBody(device, 13, await onboardingKeyOf(t, cloud.id)),
      sn: 'IMPOSTOR1',
    });
    expect(response.statusCode).toBe(202);
    expect(await agentsOf(device.id)).toEqual([]);
  });

  it('adopts a device two clouds registered into the one whose key it presents', async () => {
    const db = t.database.db;
    const first = await createFleetCloud(t);
    const second = await createFleetCloud(t);
    const claim = await createDevice(db, second.cloud.id, second.site.id, {
      sn: first.device.sn,
      mac: first.device.mac,
      productBrandId: 13,
    });
    const adopted = await adopt(adoptBody(first.device, 13, await onboardingKeyOf(t, second.cloud.id)));
    expect(adopted.statusCode).toBe(200);
    expect((await agentsOf(claim.id)).length).toBe(1);
    expect(await agentsOf(first.device.id)).toEqual([]);
  });

  it('refuses an unknown product and a malformed call, storing nothing', async () => {
    const unknown = await adopt({
      ...adoptBody({ sn: 'X12345', mac: '02:aa:00:00:00:02' }),
      productBrandId: 9999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ errorCode: 'unknown_product', path: '/productBrandId' });

    const response = await adopt({ sn: 'AB', mac: 'not-a-mac', productBrandId: 'one', fw: '7', extra: true });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/sn', '/mac', '/productBrandId', '/fw', '/mgmtdVersion']));
    const pending = await queryRows(
      t.database.db,
      sql`SELECT id FROM pending_devices WHERE sn IN ('AB', 'X12345')`,
    );
    expect(pending).toEqual([]);
  });
});

describe('pending device retention', () => {
  const snsOf = async (prefix: string) =>
    (
      await queryRows<{ sn: string }>(
        t.database.db,
        sql`SELECT sn FROM pending_devices WHERE sn LIKE ${`${prefix}%`} ORDER BY sn`,
      )
    ).map((row) => row.sn);

  it('forgets callers silent for 7 days, and keeps only the most recent keyless ones', async () => {
    for (const n of [1, 2, 3, 4]) {
      await adopt(adoptBody({ sn: `CALLER${n}`, mac: `02:bb:00:00:00:0${n}` }));
    }
    await t.database.db.execute(
      sql`UPDATE pending_devices SET last_seen_at = now() - make_interval(days => 8) WHERE sn = 'CALLER1'`,
    );
    await dropStalePendingDevices(t.database.db, new Date());
    expect(await snsOf('CALLER')).toEqual(['CALLER2', 'CALLER3', 'CALLER4']);
  });

  it('drops keyless callers first, those a cloud registered last, and never for a keyed one', async () => {
    const db = t.database.db;
    await db.execute(sql`DELETE FROM pending_devices`);
    const { cloud, site } = await createFleetCloud(t);
    const key = await onboardingKeyOf(t, cloud.id);
    // Oldest first: a keyed caller, a keyless caller the cloud registered, then a flood of made-up ones.
    await adopt(adoptBody({ sn: 'EVICT-KEYED1', mac: '02:bc:00:00:00:01' }, 13, key));
    const claimed = await createDevice(db, cloud.id, site.id, {
      sn: 'EVICT-CLAIMED',
      mac: '02:bc:00:00:00:02',
    });
    await adopt(adoptBody(claimed));
    for (const n of [1, 2, 3]) await adopt(adoptBody({ sn: `EVICT-FLOOD${n}`, mac: `02:bc:00:00:01:0${n}` }));
    const minutesAgo = {
      'EVICT-KEYED1': 60,
      'EVICT-CLAIMED': 60,
      'EVICT-FLOOD1': 30,
      'EVICT-FLOOD2': 20,
      'EVICT-FLOOD3': 10,
    };
    for (const [sn, minutes] of Object.entries(minutesAgo)) {
      await db.execute(
        sql`UPDATE pending_devices SET last_seen_at = now() - make_interval(mins => ${minutes}) WHERE sn = ${sn}`,
      );
    }
    await dropStalePendingDevices(db, new Date(), 2);
    // Two keyless are kept: the registered one and the latest made-up one; the keyed one stays.
    expect(await snsOf('EVICT')).toEqual(['EVICT-CLAIMED', 'EVICT-FLOOD3', 'EVICT-KEYED1']);

    // Keyed callers alone past the cap: each cloud keeps its own most recent ones.
    for (const n of [2, 3])
      await adopt(adoptBody({ sn: `EVICT-KEYED${n}`, mac: `02:bc:00:00:00:1${n}` }, 13, key));
    await dropStalePendingDevices(db, new Date(), 2);
    expect(await snsOf('EVICT-KEYED')).toEqual(['EVICT-KEYED2', 'EVICT-KEYED3']);
  });
});

describe('agent API answers', () => {
  it('are never cached: the credential, pending, refusal and error answers all say no-store', async () => {
    const { device, cloud } = await createFleetCloud(t);
    const adopted = await adopt(adoptBody(device, 13, await onboardingKeyOf(t, cloud.id)));
    const answers = [
      adopted,
      await adopt(adoptBody({ sn: 'NOSTORE1', mac: '02:cc:00:00:00:01' })),
      await adopt({ sn: 'x' }),
      await sendHeartbeat(t, '1.wrong', heartbeat(1)),
      await sendHeartbeat(t, adopted.json().credential, heartbeat(1)),
      await t.app.inject({ method: 'GET', url: '/agent/v1/nothing-here' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 202, 400, 401, 200, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
