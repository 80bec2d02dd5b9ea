// @vitest-environment node
// The fleet simulator (sim/, its own process, real HTTP) against a real server: what it does shows up as
// devices, statuses, clients, alerts and metrics.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configTypeOf } from '../../core/config/config-type.ts';
import { defaultDocument } from '../../core/config/defaults.ts';
import type { ConfigType } from '../../core/config/document.ts';
import { newestFirmware } from '../../core/fleet/firmware.ts';
import { productBrand } from '../../core/product-catalogue.ts';
import { generateFleet } from '../../sim/identity.ts';
import { DEFAULT_RATES } from '../../sim/rates.ts';
import { type JobRunner, startJobRunner } from '../background/runner.ts';
import { queryRows } from '../db/rows.ts';
import { as, createTestApp, login, type TestApp } from '../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { fleetJobs } from './jobs.ts';
import { onboardingKeyOf } from './test-fleet.ts';

const run = promisify(execFile);
const SIMULATOR = new URL('../../sim/main.ts', import.meta.url).pathname;

let t: TestApp;
let jobs: JobRunner;
let url: string;
beforeAll(async () => {
  // A one-second pace, so a few seconds show many heartbeats, missed ones included.
  t = await createTestApp({}, { HEARTBEAT_INTERVAL_S: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  jobs = await startJobRunner({ ...t.database, pool: undefined }, fleetJobs(t.database.db, t.app.fleet, 1), {
    error: () => {},
  });
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.database.db, query))[0]?.n ?? 0;

describe('the fleet simulator against a server', () => {
  it('adopts the devices a cloud registered with the onboarding key it is given, and none without it', async () => {
    const db = t.database.db;
    const cloud = await createCloud(db);
    const site = await createSite(db, cloud.id);
    for (const identity of generateFleet(11, 3))
      await createDevice(db, cloud.id, site.id, {
        sn: identity.sn,
        mac: identity.mac,
        productBrandId: identity.productBrandId,
        productType: identity.productType,
      });
    const simulate = (...extra: string[]) =>
      run(process.execPath, [
        SIMULATOR,
        ...['--url', url, '--devices', '3', '--seed', '11', '--spread', '0', '--duration', '2', ...extra],
      ]);
    const adopted = sql`SELECT count(*)::int AS n FROM device_agents WHERE cloud_id = ${cloud.id}`;
    // Their labels alone: they wait, in no cloud's list of its own.
    await simulate();
    expect(await count(adopted)).toBe(0);
    await simulate('--onboarding-key', await onboardingKeyOf(t, cloud.id));
    expect(await count(adopted)).toBe(3);
  }, 60_000);

  it('registers and adopts its devices, which report clients, raise and resolve alerts and go offline', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const cloud = await createCloud(db);
    await addMember(db, owner.id, cloud.id, 'ROLE_OWNER');
    const summaryFile = join(mkdtempSync(join(tmpdir(), 'sim-')), 'summary.json');
    const rates = [
      'timeUnsync=0.3',
      'reboot=0.1',
      'unreachable=0.05',
      'channelChange=0.2',
      'clientJoin=0.9',
      'clientRoam=0.5',
    ];
    const simulating = run(process.execPath, [
      SIMULATOR,
      // Ten heartbeats a device, however long a busy machine takes to send them.
      ...['--url', url, '--devices', '20', '--seed', '7', '--spread', '1', '--heartbeats', '10'],
      ...['--email', owner.email, '--password', TEST_PASSWORD, '--cloud', String(cloud.id)],
      ...rates.flatMap((rate) => ['--rate', rate]),
      ...['--task-speed', '0.01', '--rate', 'fwBootFail=0', '--json-summary', summaryFile],
    ]);
    // Once the devices are adopted, a firmware update of all of them: each takes it, restarts on it and
    // comes back on the new version.
    const session = await login(t.app, owner.email, TEST_PASSWORD);
    await expect
      .poll(() => count(sql`SELECT count(*)::int AS n FROM device_agents WHERE cloud_id = ${cloud.id}`), {
        timeout: 30_000,
      })
      .toBe(20);
    const update = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloud.id}/tasks`,
      headers: as(session),
      payload: { type: 'TASK_FW_AUTO_UPDATE', targets: { product_type: 'wifi' } },
    });
    expect(update.statusCode).toBe(201);
    await simulating;
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
    const [updated] = await queryRows<{ task_state: string; targets: number; on_new: number }>(
      db,
      sql`SELECT k.task_state, count(*)::int AS targets, count(*) FILTER (WHERE d.fw = ${newestFirmware('wifi')})::int AS on_new
        FROM tasks k JOIN task_targets t ON t.task_id = k.id JOIN devices d ON d.id = t.device_id
        WHERE k.id = ${update.json().task.id} GROUP BY k.task_state`,
    );
    expect(updated?.task_state).toBe('TASK_SUCCESS');
    expect(updated?.on_new).toBe(updated?.targets);
    expect(summary.heartbeats).toBeGreaterThan(60);
    expect(summary.failures).toEqual({});

    expect(await count(sql`SELECT count(*)::int AS n FROM devices WHERE cloud_id = ${cloud.id}`)).toBe(20);
    expect(await count(sql`SELECT count(*)::int AS n FROM device_agents WHERE cloud_id = ${cloud.id}`)).toBe(
      20,
    );
    const raised = await queryRows<{ alert_type: string; open: number; resolved: number }>(
      db,
      sql`SELECT alert_type, count(*) FILTER (WHERE resolved_at IS NULL)::int AS open,
          count(*) FILTER (WHERE resolved_at IS NOT NULL)::int AS resolved
        FROM alerts WHERE cloud_id = ${cloud.id} GROUP BY alert_type`,
    );
    const types = raised.map((row) => row.alert_type);
    expect(types).toEqual(
      expect.arrayContaining(['TIME_UNSYNCED', 'DEV_REBOOT', 'CHANNEL_CHANGED', 'DEV_UNREACHABLE']),
    );
    // Conditions that ended were resolved by later heartbeats.
    expect(raised.find((row) => row.alert_type === 'TIME_UNSYNCED')?.resolved).toBeGreaterThan(0);

    expect(
      await count(sql`SELECT count(*)::int AS n FROM wireless_clients WHERE cloud_id = ${cloud.id}`),
    ).toBeGreaterThan(5);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM object_history WHERE cloud_id = ${cloud.id} AND object_type = 'client'`,
      ),
    ).toBeGreaterThan(0);
    // Every device that sent a heartbeat has its metrics (one may have been silent the whole run).
    const reported = await count(
      sql`SELECT count(*)::int AS n FROM device_agents WHERE cloud_id = ${cloud.id} AND last_heartbeat_at IS NOT NULL`,
    );
    expect(reported).toBeGreaterThanOrEqual(18);
    expect(
      await count(sql`SELECT count(DISTINCT m.agent_id)::int AS n FROM device_metrics m
        JOIN device_agents a ON a.id = m.agent_id WHERE a.cloud_id = ${cloud.id}`),
    ).toBe(reported);
    // The simulator has stopped: the sweep finds every device silent.
    const offline = sql`SELECT count(*)::int AS n FROM devices WHERE cloud_id = ${cloud.id} AND status_id = 'STATUS_OFFLINE'`;
    await expect.poll(() => count(offline), { timeout: 30_000 }).toBe(20);
  }, 60_000);
  it('applies a site’s configuration: every device reports its hash; one that loses the console after applying reverts, and DEV_CONFIG_FAILED says so', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const cloud = await createCloud(db);
    await addMember(db, owner.id, cloud.id, 'ROLE_OWNER');
    const site = await createSite(db, cloud.id);
    const configurable: { id: number; configType: string }[] = [];
    for (const identity of generateFleet(31, 8)) {
      const brand = productBrand(identity.productBrandId);
      const device = await createDevice(db, cloud.id, site.id, {
        sn: identity.sn,
        mac: identity.mac,
        productBrandId: identity.productBrandId,
        productType: identity.productType,
        configType: (brand && configTypeOf(brand.productType, brand.productBrandSku)) ?? '',
        type: 'NET_ENTERPRISE',
      });
      if (device.configType !== '') configurable.push(device);
    }
    const session = await login(t.app, owner.email, TEST_PASSWORD);
    const api = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/apiv2/cloud/${cloud.id}${path}`,
        headers: as(session),
        ...(payload ? { payload } : {}),
      });
    // The devices do nothing but what the console asks of them, and lose it after applying as told.
    const stateFile = join(mkdtempSync(join(tmpdir(), 'sim-')), 'state.json');
    const key = await onboardingKeyOf(t, cloud.id);
    const simulate = (configRevert: number) => {
      const child = spawn(
        process.execPath,
        [
          SIMULATOR,
          ...['--url', url, '--devices', '8', '--seed', '31', '--spread', '0', '--duration', '90'],
          ...['--onboarding-key', key, '--task-speed', '0.01', '--state', stateFile],
          ...Object.keys(DEFAULT_RATES).flatMap((name) => ['--rate', `${name}=0`]),
          ...['--rate', `configRevert=${configRevert}`],
        ],
        { stdio: 'ignore' },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      return {
        stop: () => {
          child.kill();
          return exited;
        },
      };
    };

    let simulator = simulate(0);
    try {
      const online = sql`SELECT count(*)::int AS n FROM devices
        WHERE cloud_id = ${cloud.id} AND status_id = 'STATUS_ONLINE'`;
      await expect.poll(() => count(online), { timeout: 30_000 }).toBe(8);
      const types = [...new Set(configurable.map((device) => device.configType as ConfigType))];
      const saved = await api('PUT', `/sites/${site.id}/config`, {
        documents: Object.fromEntries(types.map((type) => [type, defaultDocument(type, 'DE')])),
      });
      expect(saved.statusCode).toBe(200);
      expect((await api('POST', `/sites/${site.id}/config/apply`, { batch_size: 4 })).statusCode).toBe(200);
      const counts = async () => (await api('GET', `/sites/${site.id}/config/devices`)).json().counts;
      await expect.poll(counts, { timeout: 30_000 }).toMatchObject({ applied: configurable.length });
      // Each device says, in its heartbeats, that it runs the document the console sent it.
      const reported = sql`SELECT count(*)::int AS n FROM device_configs c
        JOIN device_agents a ON a.device_id = c.device_id JOIN devices d ON d.id = c.device_id
        WHERE d.cloud_id = ${cloud.id} AND c.console_hash = a.telemetry -> 'config' ->> 'appliedHash'`;
      await expect.poll(() => count(reported), { timeout: 15_000 }).toBe(configurable.length);

      // Restarted on its saved state, where every change it applies loses it the console.
      await simulator.stop();
      simulator = simulate(1);
      const [device] = configurable;
      if (!device) throw new Error('the fleet has nothing to configure');
      const before = (await api('GET', `/devices/${device.id}/config`)).json();
      const edited = structuredClone(before.effective);
      edited.general_locale.syslog = { ...edited.general_locale.syslog, enabled: true, host: '192.0.2.10' };
      expect((await api('PUT', `/devices/${device.id}/config`, { document: edited })).statusCode).toBe(200);
      expect((await api('POST', `/devices/${device.id}/config/apply`, {})).statusCode).toBe(200);
      const alerts = sql`SELECT count(*)::int AS n FROM alerts
        WHERE device_id = ${device.id} AND alert_type = 'DEV_CONFIG_FAILED' AND resolved_at IS NULL`;
      await expect.poll(() => count(alerts), { timeout: 30_000 }).toBe(1);
      const failed = (await api('GET', `/sites/${site.id}/config/devices?state=failed`)).json().devices;
      expect(failed).toEqual([
        expect.objectContaining({ device_id: device.id, error: expect.stringContaining('reverted') }),
      ]);
      const after = (await api('GET', `/devices/${device.id}/config`)).json();
      expect(after.console_hash).not.toBe(before.console_hash);
      expect(after.applied_hash).toBe(before.applied_hash);
    } finally {
      await simulator.stop();
    }
  }, 90_000);
});
