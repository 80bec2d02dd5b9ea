// @vitest-environment node
// The batch queue heartbeats and task reports are written through: a failed batch is failed for good, a
// retry waits for its batch to be over, and batches stay within their count and byte bounds.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp, testSecrets } from '../test/app.ts';
import { createBatchQueue } from './batch-queue.ts';
import { parseCredential } from './credentials.ts';
import { createHeartbeatIngest } from './heartbeats.ts';
import { writeHeartbeatMetrics } from './metrics-writer.ts';
import { createAdoptedDevice, heartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credentialOf = (text: string) => {
  const credential = parseCredential(`Bearer ${text}`);
  if (!credential) throw new Error('bad credential');
  return credential;
};

const agentRow = async (deviceId: number) =>
  (
    await queryRows<{ seq: string; last_heartbeat_at: Date | null }>(
      t.database.db,
      sql`SELECT seq, last_heartbeat_at FROM device_agents WHERE device_id = ${deviceId}`,
    )
  )[0];

/**
 * The database, with another writer changing the device's agent row just before each of the first
 * `times` transactions: the heartbeat read before it has lost the race when its batch writes.
 */
function racingWriter(db: Database, deviceId: number, times: number): Database {
  let left = times;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database['transaction']>) => {
        if (left > 0) {
          left -= 1;
          await target.execute(
            sql`UPDATE device_agents SET version = version + 1 WHERE device_id = ${deviceId}`,
          );
        }
        return target.transaction(...args);
      };
    },
  });
}

describe('heartbeat batches', () => {
  it('a batch whose transaction fails writes nothing, answers every heartbeat with the failure, and none later', async () => {
    const raced = await createAdoptedDevice(t);
    const other = await createAdoptedDevice(t);
    let failures = 1;
    const ingest = createHeartbeatIngest({
      db: racingWriter(t.database.db, raced.device.id, 1),
      secrets: testSecrets,
      intervalS: 60,
      writeMetrics: async (tx, applied) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('the disk is full');
        }
        await writeHeartbeatMetrics(tx, applied);
      },
      onAlerts: () => {},
      log: { error: () => {} },
    });
    const answers = await Promise.allSettled([
      ingest.submit(credentialOf(raced.credential), heartbeat(1), 2000),
      ingest.submit(credentialOf(other.credential), heartbeat(1), 2000),
    ]);
    await ingest.flush();
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    for (const answer of answers) {
      expect((answer as PromiseRejectedResult).reason).toEqual(new Error('the disk is full'));
    }
    for (const { device } of [raced, other]) {
      const row = await agentRow(device.id);
      expect([Number(row?.seq), row?.last_heartbeat_at]).toEqual([0, null]);
    }
  });

  it('retries a heartbeat that lost a race once its batch committed, and answers it when written', async () => {
    const raced = await createAdoptedDevice(t);
    const other = await createAdoptedDevice(t);
    const ingest = createHeartbeatIngest({
      db: racingWriter(t.database.db, raced.device.id, 1),
      secrets: testSecrets,
      intervalS: 60,
      writeMetrics: writeHeartbeatMetrics,
      onAlerts: () => {},
      log: { error: () => {} },
    });
    const answers = await Promise.all([
      ingest.submit(credentialOf(raced.credential), heartbeat(1), 2000),
      ingest.submit(credentialOf(other.credential), heartbeat(1), 2000),
    ]);
    expect(answers).toEqual([
      { nextHeartbeatS: 60, commands: [] },
      { nextHeartbeatS: 60, commands: [] },
    ]);
    expect(Number((await agentRow(raced.device.id))?.seq)).toBe(1);
  });
});

describe('the batch queue', () => {
  it('keeps each batch within its byte bound; an item heavier than the bound goes alone', async () => {
    const batches: number[][] = [];
    const queue = createBatchQueue<number, number>({
      maxItems: 100,
      maxBytes: 1000,
      weigh: (bytes) => bytes,
      write: async (items) => {
        batches.push([...items]);
        return items.map((bytes) => ({ ok: bytes }));
      },
    });
    const sizes = [400, 400, 400, 5000, 100, 300, 300, 300];
    expect(await Promise.all(sizes.map((bytes) => queue.submit(bytes)))).toEqual(sizes);
    expect(batches).toEqual([[400, 400], [400], [5000], [100, 300, 300, 300]]);
  });

  it('keeps each batch within its count, and one item of a key in a batch, in order', async () => {
    const batches: string[][] = [];
    const queue = createBatchQueue<string, string>({
      maxItems: 3,
      maxBytes: 1_000_000,
      weigh: () => 1,
      keyOf: (item) => item.charCodeAt(0),
      write: async (items) => {
        batches.push([...items]);
        return items.map((item) => ({ ok: item }));
      },
    });
    await Promise.all(['a1', 'b1', 'a2', 'c1', 'd1', 'a3'].map((item) => queue.submit(item)));
    expect(batches).toEqual([['a1', 'b1', 'c1'], ['a2', 'd1'], ['a3']]);
  });
});
