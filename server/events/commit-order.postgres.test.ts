// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): transactions held open on connections of their own, and two
// server processes on one database. The embedded database has one connection, so its transactions commit
// in the order they take ids and this cannot happen there.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { login, TEST_VERSION } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { type LiveEvent, publishLive } from './publish.ts';
import { openStream, type StreamEvent } from './test-stream.ts';

const FAST = 5000;

let database: DatabaseHandle & { url?: string };
let other: DatabaseHandle;
let apps: App[] = [];
let urls: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  if (!database.url) throw new Error('needs PostgreSQL');
  other = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  const config = readConfig({ DEMO: '0', API_RATE_LIMIT: '0' });
  apps = [
    await buildApp(createContext(database, config, TEST_VERSION)),
    await buildApp(createContext(other, config, TEST_VERSION)),
  ];
  urls = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await other.close();
  await database.close();
});

const numbered = (cloudId: number, n: number) =>
  ({ kind: 'alert', cloudId, siteId: null, data: { n } }) as unknown as LiveEvent;

describe('live events of a transaction that commits late', () => {
  it('reach every stream once and in one order, behind 5,000 that committed first', async () => {
    const db = database.db;
    const cloud = await createCloud(db);
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    const session = await login(apps[0] as App, user.email, TEST_PASSWORD);
    const streams = await Promise.all(urls.map((url) => openStream(url, session.cookie)));

    // The slow transaction takes its id first and holds it, uncommitted, on a connection of its own.
    const slow = new pg.Client({ connectionString: database.url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      const inserted = await slow.query(
        `INSERT INTO live_events (cloud_id, site_id, kind, data) VALUES ($1, NULL, 'alert', '{"n": 0}') RETURNING id`,
        [cloud.id],
      );
      // 5,000 fast ones commit after it, 100 to a transaction, each announced as the console does.
      for (let first = 1; first <= FAST; first += 100) {
        await db.transaction((tx) =>
          publishLive(
            tx,
            Array.from({ length: 100 }, (_, i) => numbered(cloud.id, first + i)),
          ),
        );
      }
      await slow.query(`SELECT pg_notify('live_events', '')`);
      await slow.query('COMMIT');
      expect(Number((inserted.rows[0] as { id: string }).id)).toBeLessThan(FAST);
    } finally {
      await slow.end();
    }
    // A last event marks the end: anything sent twice would come before it.
    await db.transaction((tx) => publishLive(tx, [numbered(cloud.id, -1)]));

    const received = await Promise.all(
      streams.map(async (stream) => {
        const events: StreamEvent[] = [];
        for (;;) {
          const event = await stream.next(20_000);
          if (event.data.n === -1) break;
          events.push(event);
        }
        stream.close();
        return events;
      }),
    );
    for (const events of received) {
      expect(events).toHaveLength(FAST + 1);
      expect(new Set(events.map((e) => e.data.n)).size).toBe(FAST + 1);
      // The slow one is among them, and the ids only grow.
      expect(events.some((e) => e.data.n === 0)).toBe(true);
      expect(events.every((e, i) => i === 0 || e.id > (events[i - 1]?.id ?? 0))).toBe(true);
    }
    // Both processes give the same event the same id, so a browser may reconnect to either.
    expect(received[1]?.map((e) => e.id)).toEqual(received[0]?.map((e) => e.id));
    // A browser that lost its stream just before the slow one gets it, and what followed, on reconnecting.
    const events = received[0] ?? [];
    const late = events.findIndex((e) => e.data.n === 0);
    const again = await openStream(urls[1] as string, session.cookie, events[late - 1]?.id ?? 0);
    const resumed: unknown[] = [];
    for (let i = late; i <= events.length; i += 1) resumed.push((await again.next()).data.n);
    expect(resumed).toEqual([...events.slice(late).map((e) => e.data.n), -1]);
    again.close();
  }, 60_000);
});
