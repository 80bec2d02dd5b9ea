// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): the pool's use in GET /metrics (docs/metrics.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('GET /metrics on PostgreSQL', () => {
  it("shows the pool's connections, its waiting queries and its size", async () => {
    // A query through the pool, so it holds a connection.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    const read = (line: string) => Number(new RegExp(`^${line} (\\S+)$`, 'm').exec(response.body)?.[1]);
    expect(read('console_db_pool_max')).toBe(t.database.pool?.options.max);
    expect(read('console_db_pool_connections\\{state="total"\\}')).toBeGreaterThanOrEqual(1);
    expect(read('console_db_pool_connections\\{state="idle"\\}')).toBeGreaterThanOrEqual(0);
    expect(read('console_db_pool_waiting')).toBe(0);
  });
});
