// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  dropExpiredMetrics,
  ensureMetricPartitions,
  readMetricSeries,
  rollupMetrics,
  writeMetricSamples,
} from './metric-store.ts';
import { adoptDevice, createFleetCloud, heartbeat, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sample = (cpu: number) => ({
  cpu,
  mem: 50,
  temp: 40 + cpu / 10,
  power: null,
  clients: cpu % 7,
  clients24: null,
  clients5: null,
  clients60: null,
  util24: null,
  util5: 30,
  util60: null,
  noise24: null,
  noise5: -97,
  noise60: null,
  rxBytes: 1000 * cpu,
  txBytes: 10,
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

const partitions = async () =>
  (
    await queryRows<{ name: string }>(
      t.database.db,
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid ORDER BY 1`,
    )
  ).map((row) => row.name);

describe('the metrics store', () => {
  it("keeps every heartbeat's numbers and reads them back as the device's 24 h series", async () => {
    const { device } = await createFleetCloud(t);
    const credential = await adoptDevice(t, device);
    const system = (cpuPct: number) => ({ cpuPct, memPct: 41, tempC: 55, powerW: 9, powerBudgetW: 25 });
    await sendHeartbeat(t, credential, heartbeat(1, { system: system(12) }));
    await sendHeartbeat(t, credential, heartbeat(2, { system: system(18) }));
    const [agent] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM device_agents WHERE device_id = ${device.id}`,
    );
    const series = await readMetricSeries(t.database.db, agent?.id as number, '24h', new Date());
    expect(series.map((point) => [point.cpu, point.mem, point.util5, point.noise24, point.clients])).toEqual([
      [12, 41, 12, -95, 0],
      [18, 41, 12, -95, 0],
    ]);
  });

  it('rolls finished hours up into averages and peaks, the same however often it runs', async () => {
    const hour = Date.UTC(2026, 10, 23, 10);
    const now = new Date(hour + 3 * 3_600_000);
    await ensureMetricPartitions(t.database.db, now);
    await writeMetricSamples(t.database.db, [
      { agentId: 9001, at: new Date(hour + 60_000), sample: sample(10) },
      { agentId: 9001, at: new Date(hour + 120_000), sample: sample(30) },
      { agentId: 9001, at: new Date(hour + 3_600_000 + 60_000), sample: sample(50) },
    ]);
    await rollupMetrics(t.database.db, now);
    await t.database.db.execute(sql`DELETE FROM server_settings WHERE key = 'metrics_rolled_up_to'`);
    await rollupMetrics(t.database.db, now);
    const rows = await queryRows<{ samples: number; cpu: number; cpu_max: number; rx: number }>(
      t.database.db,
      sql`SELECT samples, cpu, cpu_max, rx_bytes::float8 AS rx FROM device_metrics_hourly WHERE agent_id = 9001 ORDER BY hour`,
    );
    expect(rows).toEqual([
      { samples: 2, cpu: 20, cpu_max: 30, rx: 40_000 },
      { samples: 1, cpu: 50, cpu_max: 50, rx: 50_000 },
    ]);
    // The 30 days are read from the daily rows: the day's hours summed up, rolled up again each hour.
    const month = await readMetricSeries(t.database.db, 9001, '30d', now);
    expect(month.map((point) => [point.at, point.hours, point.cpu, point.rxBytes])).toEqual([
      ['2026-11-23T00:00:00Z', 2, 35, 90_000],
    ]);
  });

  it('drops whole partitions past their retention and keeps the newer ones', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 5 * 86_400_000);
    await ensureMetricPartitions(t.database.db, old);
    await writeMetricSamples(t.database.db, [{ agentId: 9002, at: old, sample: sample(1) }]);
    const before = await partitions();
    const oldName = `device_metrics_${old.toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(before).toContain(oldName);
    const dropped = await dropExpiredMetrics(t.database.db, now);
    expect(dropped).toContain(oldName);
    const after = await partitions();
    expect(after).not.toContain(oldName);
    const today = `device_metrics_${now.toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(after).toContain(today);
    expect(dropped.every((name) => !after.includes(name))).toBe(true);
  });
});
