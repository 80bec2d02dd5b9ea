// @vitest-environment node
// A failed read of live events is logged with its cause and tried again: the events are not lost, even when
// no further NOTIFY comes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { type LiveEvent, publishLive } from './publish.ts';
import { openStream } from './test-stream.ts';

const lines: string[] = [];
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('reading live events', () => {
  it('logs a failure with its cause and tries again, so the event still arrives', async () => {
    const db = t.database.db;
    const cloud = await createCloud(db);
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    const stream = await openStream(baseUrl, (await login(t.app, user.email, TEST_PASSWORD)).cookie);

    await db.execute(sql`CREATE FUNCTION refuse_placing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'live events refuse to be placed'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_placing BEFORE UPDATE ON live_events
      FOR EACH ROW EXECUTE FUNCTION refuse_placing()`);
    const event = { kind: 'alert', cloudId: cloud.id, siteId: null, data: { n: 1 } } as unknown as LiveEvent;
    await db.transaction((tx) => publishLive(tx, [event]));
    await until(() => lines.some((line) => line.includes('reading live events failed')));
    const failure = lines.map((line) => JSON.parse(line)).find((l) => l.msg === 'reading live events failed');
    expect(failure.level).toBe(50);
    expect(JSON.stringify(failure.err)).toContain('live events refuse to be placed');

    // The database works again; no NOTIFY follows, and the next try brings the event.
    await db.execute(sql`DROP TRIGGER refuse_placing ON live_events`);
    expect((await stream.next(15_000)).data).toEqual({ n: 1 });
    stream.close();
  }, 30_000);
});
